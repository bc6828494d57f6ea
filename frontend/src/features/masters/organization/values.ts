import { DEFAULT_EXTERNAL_ID_LABEL, DEFAULT_EXTERNAL_VALUE_LABEL } from '../facility/schema';
import { joinAllowList, splitAllowList } from './allowList';
import type { Organization, OrganizationInput } from './api';
import { ADMIN_EDITABLE, type OrganizationFormOutput, type OrganizationFormValues } from './schema';

// Between the API's organization and the form's values.

/** The form values of an organization as read. */
export function valuesOf(organization: Organization): OrganizationFormValues {
  return {
    ...inputOf(organization),
    allowIpAddresses: splitAllowList(organization.allowIpAddresses),
    version: organization.version,
  };
}

/** The request body fields of an organization as read (what the server takes back). */
export function inputOf(organization: Organization): OrganizationInput {
  return {
    organizationName: organization.organizationName,
    jkCode: organization.jkCode,
    personInCharge: organization.personInCharge,
    serviceStartDate: organization.serviceStartDate ?? null,
    mobileAppEndDate: organization.mobileAppEndDate ?? null,
    serviceEndDate: organization.serviceEndDate ?? null,
    demo: organization.demo,
    checkinType: organization.checkinType,
    allowPhotoLibrary: organization.allowPhotoLibrary,
    availableImprovement: organization.availableImprovement,
    improvementDueDays: organization.improvementDueDays,
    reportRanks: organization.reportRanks ?? '',
    externalDataIdLabel: organization.externalDataIdLabel,
    externalDataValueLabel: organization.externalDataValueLabel,
    ipAddressRestriction: organization.ipAddressRestriction,
    allowIpAddresses: organization.allowIpAddresses,
    storageSize: organization.storageSize,
    maxStorageUsage: organization.maxStorageUsage,
    billingType: organization.billingType,
    availableAdvancedReport: organization.availableAdvancedReport,
    availableSurvey: organization.availableSurvey,
    surveyStartDate: organization.surveyStartDate ?? null,
    availableMfaMail: organization.availableMfaMail,
    availableOpeHistoryExport: organization.availableOpeHistoryExport,
    chargedForUser: organization.chargedForUser,
    chargedForUserAtEndOfMonth: organization.chargedForUserAtEndOfMonth,
    chargedForFacility: organization.chargedForFacility,
    chargedForAdvancedReport: organization.chargedForAdvancedReport,
    chargedForSurvey: organization.chargedForSurvey,
    chargedByGroup: organization.chargedByGroup,
  };
}

/** The request body from the form's parsed values (the allow-list as one text, one per line). */
export function inputFromForm(values: OrganizationFormOutput): OrganizationInput {
  const { allowIpAddresses, storageSize, maxStorageUsage, improvementDueDays, ...rest } = values;
  const fields = { ...rest };
  delete fields.version; // sent beside the body of an update only
  return {
    ...fields,
    allowIpAddresses: joinAllowList(allowIpAddresses),
    storageSize: storageSize ?? 0,
    maxStorageUsage: maxStorageUsage ?? 0,
    improvementDueDays: improvementDueDays ?? DEFAULT_IMPROVEMENT_DUE_DAYS,
  };
}

/**
 * What an organization administrator sends: the organization exactly as read, with only the
 * fields it may change taken from the form, so nothing else can change through it.
 */
export function adminInput(read: Organization, edited: OrganizationInput): OrganizationInput {
  const body = inputOf(read);
  const allowed: Partial<OrganizationInput> = {};
  for (const field of ADMIN_EDITABLE) Object.assign(allowed, { [field]: edited[field] });
  return { ...body, ...allowed };
}

/** Days until a report not tied to a check period is due, for a new organization (the server's default). */
export const DEFAULT_IMPROVEMENT_DUE_DAYS = 7;

export const NEW_ORGANIZATION: OrganizationFormValues = {
  organizationName: '',
  jkCode: '',
  personInCharge: '',
  serviceStartDate: null,
  mobileAppEndDate: null,
  serviceEndDate: null,
  demo: true,
  checkinType: 'NO_TERMINAL',
  allowPhotoLibrary: false,
  availableImprovement: false,
  improvementDueDays: DEFAULT_IMPROVEMENT_DUE_DAYS,
  reportRanks: '',
  externalDataIdLabel: DEFAULT_EXTERNAL_ID_LABEL,
  externalDataValueLabel: DEFAULT_EXTERNAL_VALUE_LABEL,
  ipAddressRestriction: false,
  allowIpAddresses: [],
  storageSize: 0,
  maxStorageUsage: 0,
  billingType: 'NONE',
  availableAdvancedReport: false,
  availableSurvey: false,
  surveyStartDate: null,
  availableMfaMail: false,
  availableOpeHistoryExport: false,
  chargedForUser: false,
  chargedForUserAtEndOfMonth: false,
  chargedForFacility: false,
  chargedForAdvancedReport: false,
  chargedForSurvey: false,
  chargedByGroup: false,
};

