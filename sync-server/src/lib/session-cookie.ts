/** The session cookie's name (auth/sessions.ts sets it; a route that relays a login's cookie reads it). */
export const SESSION_COOKIE = 'comanda_sid';
