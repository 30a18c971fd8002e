import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

export default function NotFoundScreen() {
  return (
    <section className="screen centered">
      <h1>No page exists</h1>
      <Link to={paths.root} className="btn btn-primary">
        Return to Landing Page
      </Link>
    </section>
  );
}
