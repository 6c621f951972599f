import type { ResearchReport } from '@aide/contracts';
import { localizeResearchReport } from './research-report.mapper';

const report = (stage: string | null, error: string | null) => ({ id: 1, stage, error }) as unknown as ResearchReport;

describe('localizeResearchReport', () => {
  it('reads the stage and the failure reason in the reader’s language', () => {
    expect(localizeResearchReport(report('Checking 12 sources', null), 'fr')).toMatchObject({
      stage: 'Vérification de 12 sources',
      error: null,
    });
    expect(
      localizeResearchReport(
        report(
          null,
          'No sources could be retrieved for this topic: web search is not configured, and none of your documents or emails mention it.',
        ),
        'ja',
      ).error,
    ).toBe(
      'このテーマの出典を取得できませんでした。ウェブ検索が設定されておらず、あなたのドキュメントやメールにも言及がありません。',
    );
  });

  it('leaves English as it is', () => {
    const english = report('Writing the report', null);
    expect(localizeResearchReport(english, 'en')).toBe(english);
  });
});
