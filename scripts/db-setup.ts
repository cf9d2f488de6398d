/** Run before `next dev`: migrate and seed the configured database so the app starts ready. */
import './db-migrate';
import './db-seed';
