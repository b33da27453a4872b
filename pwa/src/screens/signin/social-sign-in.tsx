import { t } from '@comanda/shared-schema';
import { useEffect, useState } from 'react';
import { call } from '../../data/api.ts';
import { FacebookButton } from './facebook-button.tsx';
import { GoogleButton } from './google-button.tsx';
import './social-sign-in.css';

interface Providers {
  google: string | null;
  facebook: string | null;
}

/** Which providers the server has configured; none while unknown, offline or on failure. */
function useProviders(): Providers | null {
  const [providers, setProviders] = useState<Providers | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    call('authProviders', {}, { signal: abort.signal }).then(
      ({ google, facebook }) => setProviders({ google, facebook }),
      () => undefined,
    );
    return () => abort.abort();
  }, []);
  return providers;
}

/** The customer's social sign-in buttons (spec 4 "social login"), shown only when configured. */
export function SocialSignIn({
  pending,
  onGoogle,
  onFacebook,
}: {
  pending: boolean;
  onGoogle: (credential: string) => void;
  onFacebook: (accessToken: string, userID: string) => void;
}) {
  const providers = useProviders();
  if (!providers?.google && !providers?.facebook) return null;
  return (
    <div className="social-sign-in">
      <p className="social-or">{t.socialOr}</p>
      {providers.google ? <GoogleButton clientId={providers.google} onCredential={onGoogle} /> : null}
      {providers.facebook ? (
        <FacebookButton appId={providers.facebook} isDisabled={pending} onToken={onFacebook} />
      ) : null}
    </div>
  );
}
