import { useMatches } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageSpin } from '@/app/plain/Spin';
import { usesFeature, type FeatureContext } from '@/lib/auth/features';
import { mayOpen } from '@/lib/auth/roles';
import { HomeNotice, NoAccess } from './NoAccess';
import { FEATURE_OFF_TEXT, featureOffTitle } from './noAccessTexts';

interface Props {
  /** The user's roles and the acting organization's options: what the menu is built from. */
  context: FeatureContext & { roles: readonly string[] };
  /** The options were answered (or failed); until then a function's screen waits rather than refuse. */
  optionsSettled: boolean;
  /** The routed screen. */
  children: ReactNode;
}

/**
 * docs/product/shell.md: the menu only hides, so a screen can still be opened by its address. One
 * whose role (its route's `staticData.role`) the user lacks shows the "no access" screen; one of a
 * function the organization does not use (`staticData.feature`, by its options) says so. Either
 * shows in the screen's place, before the screen asks the server anything (every call would be
 * refused, or the screen be half there).
 */
export function RouteAccess({ context, optionsSettled, children }: Props) {
  const allowed = useMatches({ select: (matches) => matches.every((match) => mayOpen(context.roles, match.staticData.role)) });
  const feature = useMatches({ select: (matches) => matches.find((match) => match.staticData.feature)?.staticData.feature });
  if (!allowed) return <NoAccess />;
  if (feature === undefined || usesFeature(context, feature)) return children;
  // Not known yet: the loading state, not a notice that might be taken back.
  if (!optionsSettled) return <PageSpin />;
  return <HomeNotice title={featureOffTitle(feature)} text={FEATURE_OFF_TEXT} />;
}
