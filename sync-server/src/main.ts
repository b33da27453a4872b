import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { NotMigratedError } from './db/pg-client.ts';
import { hasPwa } from './http/pwa-static.ts';

/** `npm start`: configuration from the environment, listen, print how to try it, close gracefully. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
  } catch (err) {
    // Hosted, a database not migrated yet: the way out, not a stack trace.
    if (err instanceof NotMigratedError) {
      console.error(`Comanda cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  // SIGINT/SIGTERM: stop accepting, let in-flight requests finish, close sockets with 1001.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = config.publicUrl ?? `http://localhost:${port}`;

  const lines = [`Comanda is running at ${base}`];
  if (!hasPwa(config.pwaDist))
    lines.push('  (the app is not built yet: run `npm run build` to serve it here)');
  const demo = app.demo;
  if (demo) {
    lines.push('', "Demo venue 'Trattoria Demo':");
    lines.push(`  owner login:   ${demo.email}`);
    lines.push(
      demo.password
        ? `  password:      ${demo.password}${config.demoPassword ? '' : '   (random, shown only now)'}`
        : '  password:      the one printed at its first start, or COMANDA_DEMO_PASSWORD',
    );
    lines.push(`  sign in at:    ${base}/signin`);
    lines.push(`  customer link: ${base}/user/reservation/${demo.venueId}/${demo.tableId}   (Tavolo 1)`);
    lines.push(`  delivery page: ${base}/user/delivery/${demo.venueId}   (consegna o ritiro)`);
  } else if (config.demo) {
    lines.push('', 'COMANDA_DEMO=1: the database already has a venue, so no demo venue was created.');
  }
  console.log(`\n${lines.join('\n')}\n`);
}

await main();
