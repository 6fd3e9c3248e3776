/** Small statistics helpers for the RTP simulator and the RNG tests. */

/** Running mean and variance (Welford). */
export type Running = { n: number; mean: number; m2: number };

export const newRunning = (): Running => ({ n: 0, mean: 0, m2: 0 });

export function push(r: Running, x: number): void {
  r.n += 1;
  const d = x - r.mean;
  r.mean += d / r.n;
  r.m2 += d * (x - r.mean);
}

/** Sample standard deviation. */
export const stdDev = (r: Running): number => (r.n > 1 ? Math.sqrt(r.m2 / (r.n - 1)) : 0);

/** Inverse of the standard normal CDF (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError('p must be in (0, 1)');
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/** z such that a two-sided normal interval mean +- z SE has the given confidence (0.999 -> 3.2905). */
export const zFor = (confidence: number): number => normalQuantile(0.5 + confidence / 2);

function logGamma(x: number): number {
  const g = [676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = 0.99999999999980993;
  const t = x + 7.5;
  for (let i = 0; i < 8; i++) a += g[i] / (x + i + 1);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularized upper incomplete gamma Q(s, x) (series below s + 1, continued fraction above). */
export function gammaQ(s: number, x: number): number {
  if (x <= 0) return 1;
  const lead = s * Math.log(x) - x - logGamma(s);
  if (x < s + 1) {
    let sum = 1 / s;
    let term = sum;
    for (let n = 1; n < 10000; n++) {
      term *= x / (s + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - Math.exp(lead) * sum;
  }
  // Lentz's continued fraction.
  let b = x + 1 - s;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10000; i++) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(lead) * h;
}

/** Pearson's chi-square statistic of observed counts against equal expected counts, and its p-value. */
export function chiSquareUniform(counts: ArrayLike<number>): { statistic: number; df: number; pValue: number } {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i];
  const expected = total / counts.length;
  let statistic = 0;
  for (let i = 0; i < counts.length; i++) statistic += (counts[i] - expected) ** 2 / expected;
  const df = counts.length - 1;
  return { statistic, df, pValue: gammaQ(df / 2, statistic / 2) };
}
