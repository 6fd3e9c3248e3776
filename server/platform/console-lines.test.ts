import { describe, expect, it } from 'vitest';
import { buildingLine, readyLine, siteAddress } from './console-lines.ts';

describe('the lines a person starting the site reads', () => {
  it('names the address to open: localhost when the server listens everywhere, else the host it was given', () => {
    expect(siteAddress('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(siteAddress('::', 8080)).toBe('http://localhost:8080');
    expect(siteAddress('127.0.0.1', 3164)).toBe('http://127.0.0.1:3164');
    expect(siteAddress('::1', 3164)).toBe('http://[::1]:3164');
    expect(readyLine(siteAddress('0.0.0.0', 4000))).toBe('Croupier is ready at http://localhost:4000 (Ctrl+C stops it)');
    expect(readyLine('http://localhost:3000', 4)).toContain('4 web processes');
  });

  it('says that the first build takes a while, and why a later one happens', () => {
    expect(buildingLine(true)).toMatch(/^Building the site, about \d+ s the first time/);
    expect(buildingLine(false)).toMatch(/sources changed/);
  });
});
