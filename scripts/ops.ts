/**
 * Operator commands: `npm run ops -- <command> [args]`. They work on the same database the site
 * uses (DATABASE_URL, or the embedded one under DATA_DIR: stop the site first when using the
 * embedded database, which one process at a time may open).
 *
 *   site:maintenance on|off              turn the maintenance page on or off
 *   site:set <setting> <json value>      set an operator setting (e.g. timeToForceLogout 900)
 *   site:get [setting]                   show operator settings
 *   site-config:export <locale>          print a locale's site configuration document
 *   site-config:import <locale> <file>   replace it from a JSON file (validated)
 *   user:ban <login>                     block an account (its sessions end; its calls answer UserBannedException)
 *   user:unban <login>                   unblock it
 *   user:delete <login>                  mark it deleted (UserDeletedException)
 *   user:kyc-block <login> on|off        require identity verification before withdrawals
 *   ledger:verify                        recompute every balance from the postings; prove they sum to zero
 */
import { readFileSync } from 'node:fs';
import { isLocale } from '../contract/locales.ts';
import { parseEnv } from '../server/platform/env.ts';
import { openDatabase } from '../server/platform/db/database.ts';
import { createSiteSettings, settingSchemas, type SettingKey } from '../server/modules/site-settings/index.ts';
import { createSiteConfigService } from '../server/modules/site-config/index.ts';
import { createLogger } from '../server/platform/logger.ts';
import { createServices } from '../server/services.ts';

const [command, ...args] = process.argv.slice(2);
const env = parseEnv();
const database = env.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: `${env.DATA_DIR}/pglite` });

function fail(message: string): never {
  console.error(message);
  process.exitCode = 1;
  throw new Error(message);
}

const isSettingKey = (value: string | undefined): value is SettingKey => !!value && Object.hasOwn(settingSchemas, value);

try {
  await database.migrate();
  const settings = createSiteSettings(database.db);
  const configs = createSiteConfigService(database.db);
  switch (command) {
    case 'site:maintenance': {
      if (args[0] !== 'on' && args[0] !== 'off') fail('usage: site:maintenance on|off');
      await settings.set('maintenance', args[0] === 'on');
      console.log(`maintenance ${args[0]}`);
      break;
    }
    case 'site:set': {
      const [key, raw] = args;
      if (!isSettingKey(key) || raw === undefined) fail(`usage: site:set <${Object.keys(settingSchemas).join('|')}> <json value>`);
      await settings.set(key, JSON.parse(raw) as never);
      console.log(`${key} = ${JSON.stringify(await settings.get(key))}`);
      break;
    }
    case 'site:get': {
      const keys = args[0] ? [args[0]] : Object.keys(settingSchemas);
      for (const key of keys) {
        if (!isSettingKey(key)) fail(`unknown setting ${key}`);
        console.log(`${key} = ${JSON.stringify(await settings.get(key))}`);
      }
      break;
    }
    case 'site-config:export': {
      if (!isLocale(args[0])) fail('usage: site-config:export en|fr');
      console.log(JSON.stringify(await configs.get(args[0]), null, 2));
      break;
    }
    case 'site-config:import': {
      const [locale, file] = args;
      if (!isLocale(locale) || !file) fail('usage: site-config:import en|fr <file.json>');
      await configs.put(locale, JSON.parse(readFileSync(file, 'utf8')));
      console.log(`site configuration for ${locale} replaced`);
      break;
    }
    case 'user:ban':
    case 'user:unban':
    case 'user:delete': {
      if (!args[0]) fail(`usage: ${command} <login>`);
      const status = command === 'user:ban' ? 'banned' : command === 'user:delete' ? 'deleted' : 'active';
      const services = await createServices({ database, env, logger: createLogger('warn') });
      const uid = await services.accounts.setStatus(args[0], status);
      await services.close();
      console.log(`account ${uid} (${args[0]}) is now ${status}`);
      break;
    }
    case 'user:kyc-block': {
      if (!args[0] || (args[1] !== 'on' && args[1] !== 'off')) fail('usage: user:kyc-block <login> on|off');
      const services = await createServices({ database, env, logger: createLogger('warn') });
      const uid = await services.accounts.setFlags(args[0], { isKycBlockEnabled: args[1] === 'on' });
      await services.close();
      console.log(`account ${uid}: KYC block ${args[1]}`);
      break;
    }
    case 'ledger:verify': {
      const { createLedger } = await import('../server/modules/ledger/index.ts');
      const report = await createLedger(database.db).verify();
      console.log(`${report.accounts} accounts, ${report.transactions} transactions, ${report.postings} postings`);
      if (report.problems.length) fail(`ledger does NOT hold:\n${report.problems.join('\n')}`);
      console.log('ledger holds: every balance equals its postings, every transaction and the whole ledger sum to zero');
      break;
    }
    default:
      fail(`unknown command ${command ?? '(none)'}: see the header of scripts/ops.ts`);
  }
} catch (error) {
  if (process.exitCode !== 1) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
