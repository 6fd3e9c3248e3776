/**
 * The few plain lines the site prints for the person who started it, beside the JSON log lines
 * that are for machines: what it is doing while a first start takes a while, and where to open it.
 */

/** About how long `react-router build` takes on a laptop or a 2-core server. */
export const BUILD_SECONDS = 25;

export function buildingLine(firstTime: boolean): string {
  return firstTime
    ? `Building the site, about ${BUILD_SECONDS} s the first time...`
    : `Building the site again, its sources changed since the last build (about ${BUILD_SECONDS} s)...`;
}

export const PREPARING_DATABASE_LINE = 'Preparing the database (the first start creates it and adds the demo content)...';

/** The address a browser on this machine opens: localhost when the server listens on every interface. */
export function siteAddress(host: string, port: number): string {
  const everywhere = host === '' || host === '0.0.0.0' || host === '::';
  const name = everywhere ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function readyLine(address: string, processes = 1): string {
  const web = processes > 1 ? `, ${processes} web processes` : '';
  return `Croupier is ready at ${address} (Ctrl+C stops it${web})`;
}
