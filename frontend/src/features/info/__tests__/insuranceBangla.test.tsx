import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import i18n from '@/i18n';
import { InsuranceArticlesDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import { readerText } from '@/lib/readerText';
import InsurancePage from '../pages/InsurancePage';

afterEach(async () => { await act(() => i18n.changeLanguage('en')); });

const article = (id: string, title: string, titleBn: string) => ({
  __typename: 'InsuranceArticle', id, slug: id, imageUrl: null,
  title, summary: `${title} in short`, body: `${title} at length`,
  titleBn, summaryBn: titleBn ? `${titleBn} সংক্ষেপে` : '', bodyBn: titleBn ? `${titleBn} বিস্তারিত` : '',
});
const mocks = [{
  request: { query: InsuranceArticlesDocument },
  result: { data: { insuranceArticles: [article('a1', 'How cashless claims work', 'ক্যাশলেস দাবি কীভাবে হয়'), article('a2', 'Not yet translated', '')] } },
}];

describe('the insurance articles in Bangla', () => {
  it("show the server's Bangla title, summary and body on a Bangla screen", async () => {
    await act(() => i18n.changeLanguage('bn'));
    renderScreen(<InsurancePage />, { mocks });
    expect(await screen.findByText('ক্যাশলেস দাবি কীভাবে হয়')).toBeInTheDocument();
    expect(screen.getByText('ক্যাশলেস দাবি কীভাবে হয় সংক্ষেপে')).toBeInTheDocument();
    expect(screen.getByText('ক্যাশলেস দাবি কীভাবে হয় বিস্তারিত')).toBeInTheDocument();
    expect(screen.queryByText('How cashless claims work')).toBeNull();
    expect(screen.getByText('Not yet translated')).toBeInTheDocument(); // no Bangla written: the English, not an empty heading
  });

  it('keep the English on an English screen', async () => {
    renderScreen(<InsurancePage />, { mocks });
    expect(await screen.findByText('How cashless claims work')).toBeInTheDocument();
    expect(screen.queryByText('ক্যাশলেস দাবি কীভাবে হয়')).toBeNull();
    expect(readerText('English', 'বাংলা', 'en')).toBe('English');
  });
});
