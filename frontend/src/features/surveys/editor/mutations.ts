import { useOrganizationId } from '@/features/masters/common/session';
import type { SaveVariables } from '@/shared/editor/useEditorForm';
import { useChangeMutation } from '@/shared/editor/records';
import { surveyApi } from './api';
import { surveyKeys } from './queries';
import type { SurveyFormOutput } from './schema';

/** Creates a survey, or updates it with the version the form read. */
function saveSurvey({ id, input: { version, ...input } }: SaveVariables<SurveyFormOutput>) {
  return id === undefined || version === undefined ? surveyApi.create(input) : surveyApi.update(id, { ...input, version });
}

/** The survey changes; each success invalidates everything of the organization's surveys. */
export function useSurveyMutations() {
  const keys = [surveyKeys.all(useOrganizationId())];
  return {
    save: useChangeMutation(keys, saveSurvey),
    remove: useChangeMutation(keys, surveyApi.remove),
  };
}
