/**
 * The two providers' browser SDKs, loaded only when the server says the provider is on and
 * only on the sign-in screen (they are third-party code: nothing of theirs ships in our bundle
 * or runs anywhere else). Their origins are the ones the server's CSP opens for them.
 */

export const GSI_SRC = 'https://accounts.google.com/gsi/client';
export const FB_SDK_SRC = 'https://connect.facebook.net/it_IT/sdk.js';
/** The Graph API version the server also pins (sync-server config). */
export const FB_SDK_VERSION = 'v22.0';
/** A blocked or hanging script must not leave the button "loading" forever. */
const LOAD_TIMEOUT_MS = 15_000;

/** The part of Google Identity Services we use: the button and its credential callback. */
export interface GoogleIdentity {
  initialize(config: {
    client_id: string;
    callback: (response: { credential: string }) => void;
    ux_mode?: 'popup' | 'redirect';
    context?: 'signin' | 'signup' | 'use';
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: 'standard' | 'icon';
      theme?: 'outline' | 'filled_blue' | 'filled_black';
      size?: 'large' | 'medium' | 'small';
      text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
      shape?: 'rectangular' | 'pill';
      locale?: string;
      width?: number;
    },
  ): void;
}

export interface FacebookLoginResponse {
  status: 'connected' | 'not_authorized' | 'unknown';
  authResponse?: { accessToken: string; userID: string } | null;
}

/** The part of the Facebook JS SDK we use. */
export interface FacebookSdk {
  init(options: {
    appId: string;
    version: string;
    cookie?: boolean;
    xfbml?: boolean;
    status?: boolean;
  }): void;
  /** The callback must be a plain (not async) function: the SDK refuses others. */
  login(
    callback: (response: FacebookLoginResponse) => void,
    options: { scope: string; auth_type?: string },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
    FB?: FacebookSdk;
  }
}

const loading = new Map<string, Promise<void>>();

/** Adds `<script src>` once; resolves when it ran and `ready()` sees its API. A failure may be retried. */
export function loadScript(src: string, ready: () => boolean): Promise<void> {
  if (ready()) return Promise.resolve();
  const known = loading.get(src);
  if (known) return known;
  const script = document.createElement('script');
  const promise = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${src}: timed out`)), LOAD_TIMEOUT_MS);
    script.addEventListener('load', () => {
      clearTimeout(timer);
      if (ready()) resolve();
      else reject(new Error(`${src}: loaded without its API`));
    });
    script.addEventListener('error', () => {
      clearTimeout(timer);
      reject(new Error(`${src}: failed to load`));
    });
  });
  promise.catch(() => {
    loading.delete(src);
    script.remove();
  });
  loading.set(src, promise);
  script.src = src;
  script.async = true;
  document.head.append(script);
  return promise;
}

export async function loadGoogleIdentity(): Promise<GoogleIdentity> {
  await loadScript(GSI_SRC, () => Boolean(window.google?.accounts?.id));
  return window.google?.accounts?.id as GoogleIdentity;
}

let facebookAppId: string | null = null;

export async function loadFacebookSdk(appId: string): Promise<FacebookSdk> {
  await loadScript(FB_SDK_SRC, () => Boolean(window.FB));
  const fb = window.FB as FacebookSdk;
  if (facebookAppId !== appId) {
    // No cookie, no status check, no XFBML parsing: the SDK only opens the login popup.
    fb.init({ appId, version: FB_SDK_VERSION, cookie: false, status: false, xfbml: false });
    facebookAppId = appId;
  }
  return fb;
}

/** Tests: forget loaded scripts and the initialised app, as after a page reload. */
export function resetProviderSdks(): void {
  loading.clear();
  facebookAppId = null;
  for (const src of [GSI_SRC, FB_SDK_SRC]) document.querySelector(`script[src="${src}"]`)?.remove();
}
