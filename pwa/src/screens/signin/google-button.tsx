import { t } from '@comanda/shared-schema';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { loadGoogleIdentity } from './provider-sdk.ts';

/**
 * Google's own "Accedi con Google" button (Google Identity Services draws it, in Italian, as
 * its brand rules ask); its callback hands over the ID token that the server verifies. Our
 * disabled placeholder holds the place while the script loads.
 */
export function GoogleButton({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential: (credential: string) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(onCredential);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    latest.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    let live = true;
    loadGoogleIdentity().then(
      (id) => {
        const el = host.current;
        if (!live || !el) return;
        id.initialize({
          client_id: clientId,
          callback: (response) => latest.current(response.credential),
          ux_mode: 'popup',
          context: 'signin',
        });
        id.renderButton(el, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'rectangular',
          locale: 'it',
          // GIS takes a width in pixels, at most 400.
          width: Math.min(400, el.clientWidth || 320),
        });
        setState('ready');
      },
      () => {
        if (live) setState('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [clientId]);

  return (
    <div className="social-google">
      <div ref={host} className="social-google-host" />
      {state === 'loading' ? (
        <Button variant="secondary" block isDisabled>
          {t.signInWithGoogle}
        </Button>
      ) : null}
      {state === 'failed' ? <p className="field-hint">{t.socialGoogleScriptFailed}</p> : null}
    </div>
  );
}
