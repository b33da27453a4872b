import { useId } from 'react';
import { x } from '../../texts-extra.ts';
import { showsPanelOne, showsPanelTwo, type UserVersion, useUserVersion } from './use-user-version.ts';

function Panel({ title }: { title: string }) {
  const id = useId();
  return (
    <section className="card room-version-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{x.comingSoonText}</p>
    </section>
  );
}

/**
 * The extra panels of spec 2.4: one for version 1 or 3, another for version 2 or 3. The spec
 * does not show their content, so each is an honest placeholder.
 */
export function VersionPanels({ ownerId, fallback }: { ownerId: string; fallback: UserVersion | null }) {
  const version = useUserVersion(ownerId, fallback);
  const one = showsPanelOne(version);
  const two = showsPanelTwo(version);
  if (!one && !two) return null;
  return (
    <div className="room-version-panels" data-version={version ?? undefined}>
      {one ? <Panel title={x.versionPanelOne} /> : null}
      {two ? <Panel title={x.versionPanelTwo} /> : null}
    </div>
  );
}
