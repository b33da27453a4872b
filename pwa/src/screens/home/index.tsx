import { t } from '@comanda/shared-schema';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/page.tsx';
import { x } from '../../texts-extra.ts';

/** `/`: what Comanda is, how a customer reaches a venue, how an owner starts. */
export default function HomeScreen() {
  useDocumentTitle(x.appName);
  return (
    <div className="page">
      <section className="hero">
        <h1>{x.appName}</h1>
        <p className="lead">{t.homeTagline}</p>
        <p>{x.homeIntro}</p>
        <div className="btn-row">
          <Link to="/signin" className="btn btn-primary">
            {t.signIn}
          </Link>
          <Link to="/owner/signup" className="btn btn-secondary">
            {x.homeRegisterVenue}
          </Link>
        </div>
      </section>
      <div className="two-cols">
        <section className="card" aria-labelledby="home-customers">
          <h2 id="home-customers">{x.homeCustomersTitle}</h2>
          <p>{x.homeCustomersText}</p>
          <div className="btn-row">
            <Link to="/signin" className="btn btn-secondary">
              {t.continueAsGuest}
            </Link>
            <Link to="/user/signup">{x.homeRegisterCustomer}</Link>
          </div>
        </section>
        <section className="card" aria-labelledby="home-owners">
          <h2 id="home-owners">{x.homeOwnersTitle}</h2>
          <p>{x.homeOwnersText}</p>
          <div className="btn-row">
            <Link to="/owner/signup" className="btn btn-secondary">
              {x.homeRegisterVenue}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
