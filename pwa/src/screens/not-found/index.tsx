import { t } from '@comanda/shared-schema';
import { Link } from 'react-router';
import { Page } from '../../components/page.tsx';
import { x } from '../../texts-extra.ts';

/** Any path no route matches (spec section 2.1). */
export default function NotFoundScreen() {
  return (
    <Page title={t.notFoundTitle} reading>
      <p>{x.notFoundText}</p>
      <Link to="/" className="btn btn-primary">
        {x.backHome}
      </Link>
    </Page>
  );
}
