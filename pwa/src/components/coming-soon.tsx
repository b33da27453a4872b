import { x } from '../texts-extra.ts';
import { Page } from './page.tsx';

/** The honest placeholder of a screen that a later issue builds. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Page title={title}>
      <div className="card">
        <p>
          <span className="badge badge-warn">{x.comingSoon}</span>
        </p>
        <p>{x.comingSoonText}</p>
      </div>
    </Page>
  );
}
