import type { RouteObject } from 'react-router';
import { useLocation } from 'react-router';

/**
 * Test support: where an owner screen's 'Apri come cliente' lands in a screen harness (the
 * customer routes stand in as one page naming its address).
 */
function CustomerPageStandIn() {
  const { pathname } = useLocation();
  return <h1>{`pagina cliente ${pathname}`}</h1>;
}

export const customerStandInRoute: RouteObject = { path: 'user/*', Component: CustomerPageStandIn };
