import { Page } from './page.tsx';

export interface LegalSection {
  title: string;
  paragraphs: readonly string[];
}

/** A legal page: numbered sections of plain paragraphs. */
export function LegalDocument({ title, sections }: { title: string; sections: readonly LegalSection[] }) {
  return (
    <Page title={title} reading>
      <div className="legal">
        {sections.map((s) => (
          <section key={s.title}>
            <h2>{s.title}</h2>
            {s.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
      </div>
    </Page>
  );
}
