import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { AreaOptionsDocument, type DhakaArea, type NurseLocation } from '@/gql/graphql';

/**
 * The area lists come from the server (areaOptions: which areas Nirog serves is its decision); the
 * client only words them, by value, in the reader's language (common `areas.*`). Cached for the
 * session: the lists change with a release, not between requests.
 */
export function useAreaOptions(kind: 'dhakaAreas' | 'nurseLocations'): { value: DhakaArea | NurseLocation; label: string }[] {
  const { t } = useTranslation();
  const { data } = useQuery(AreaOptionsDocument, { fetchPolicy: 'cache-first' });
  return (data?.areaOptions[kind] ?? []).map((value) => ({ value, label: t(`areas.${value}`, { defaultValue: value }) }));
}

/** An area's name in the reader's language. */
export function useAreaLabel(): (area: DhakaArea | NurseLocation) => string {
  const { t } = useTranslation();
  return (area) => t(`areas.${area}`, { defaultValue: area });
}
