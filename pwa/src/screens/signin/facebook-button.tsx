import { t } from '@comanda/shared-schema';
import { useEffect, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { type FacebookSdk, loadFacebookSdk } from './provider-sdk.ts';

/**
 * 'Accedi con Facebook': the SDK is loaded as soon as the button shows, so that the press opens
 * the login popup at once (a popup opened after an await is blocked by browsers). The access
 * token goes to the server, which asks Facebook itself who it belongs to.
 */
export function FacebookButton({
  appId,
  isDisabled,
  onToken,
}: {
  appId: string;
  isDisabled: boolean;
  onToken: (accessToken: string, userID: string) => void;
}) {
  const [sdk, setSdk] = useState<FacebookSdk | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadFacebookSdk(appId).then(
      (fb) => {
        if (live) setSdk(fb);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [appId]);

  return (
    <>
      <Button
        variant="secondary"
        block
        isDisabled={!sdk || isDisabled}
        onPress={() =>
          sdk?.login(
            (response) => {
              const auth = response.authResponse;
              // Closed or refused popup: nothing happened, nothing to say.
              if (response.status === 'connected' && auth?.accessToken)
                onToken(auth.accessToken, auth.userID);
            },
            // 'rerequest' asks again for an e-mail permission the person once declined.
            { scope: 'email', auth_type: 'rerequest' },
          )
        }
      >
        {t.signInWithFacebook}
      </Button>
      {failed ? <p className="field-hint">{t.socialFacebookScriptFailed}</p> : null}
    </>
  );
}
