import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
// From its own file, not the barrel: vite.config.ts (firstLoadChunks) then sees who uses it.
import { SpecialitiesDocument } from '@/gql/documents/SpecialitiesDocument';

/** A speciality's title in the reader's language: its Bangla title on a Bangla screen, when it has one. */
export function specialityTitle(s: { title: string; titleBn?: string | null }, lang: string): string {
  return lang.startsWith('bn') && s.titleBn ? s.titleBn : s.title;
}

/**
 * Doctors name their specialities by (English) title; on a Bangla screen each is shown by the
 * speciality's Bangla title (one cached query of the specialities; English needs none).
 */
export function useSpecialityNames(): (titles: string[]) => string {
  const { i18n } = useTranslation();
  const bn = i18n.language.startsWith('bn');
  const { data } = useQuery(SpecialitiesDocument, { skip: !bn });
  const byTitle = new Map((data?.specialities ?? []).map((s) => [s.title, specialityTitle(s, i18n.language)]));
  return (titles) => titles.map((x) => byTitle.get(x) ?? x).join(', ');
}
