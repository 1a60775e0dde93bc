/**
 * The little of Prometheus' text exposition format (version 0.0.4) the server needs: counters, gauges
 * and histograms with labels. Written here rather than taken from prom-client, which is not among the
 * project's packages and would bring a registry and default collectors we do not use.
 */

type Labels = Record<string, string>;

/** Label values are escaped as the format asks: backslash, double quote and newline. */
const escapeValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

function labelText(labels: Labels): string {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${escapeValue(v)}"`);
  return pairs.length ? `{${pairs.join(',')}}` : '';
}

const keyOf = (labels: Labels) => JSON.stringify(Object.entries(labels));

const formatNumber = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN');

interface Metric {
  render(): string[];
}

abstract class Family<V> implements Metric {
  protected series = new Map<string, { labels: Labels; value: V }>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'gauge' | 'histogram',
  ) {}

  protected entry(labels: Labels, initial: () => V) {
    const key = keyOf(labels);
    let found = this.series.get(key);
    if (!found) {
      found = { labels, value: initial() };
      this.series.set(key, found);
    }
    return found;
  }

  render(): string[] {
    return [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.type}`, ...this.samples()];
  }

  protected abstract samples(): string[];
}

export class Counter extends Family<number> {
  constructor(name: string, help: string) {
    super(name, help, 'counter');
  }

  inc(labels: Labels = {}, by = 1) {
    this.entry(labels, () => 0).value += by;
  }

  protected samples() {
    return [...this.series.values()].map((s) => `${this.name}${labelText(s.labels)} ${formatNumber(s.value)}`);
  }
}

/** A gauge whose values are read when the metrics are rendered (rows counted, sockets held). */
export class Gauge extends Family<number> {
  constructor(name: string, help: string) {
    super(name, help, 'gauge');
  }

  set(labels: Labels, value: number) {
    this.entry(labels, () => 0).value = value;
  }

  protected samples() {
    return [...this.series.values()].map((s) => `${this.name}${labelText(s.labels)} ${formatNumber(s.value)}`);
  }
}

interface Buckets {
  counts: number[];
  sum: number;
  count: number;
}

export class Histogram extends Family<Buckets> {
  constructor(
    name: string,
    help: string,
    private bounds: number[],
  ) {
    super(name, help, 'histogram');
  }

  observe(labels: Labels, value: number) {
    const h = this.entry(labels, () => ({ counts: this.bounds.map(() => 0), sum: 0, count: 0 })).value;
    // Buckets are cumulative: a value counts in every bucket whose bound it does not exceed.
    this.bounds.forEach((bound, i) => {
      if (value <= bound) h.counts[i]! += 1;
    });
    h.sum += value;
    h.count += 1;
  }

  protected samples() {
    return [...this.series.values()].flatMap(({ labels, value }) => [
      ...this.bounds.map((bound, i) => `${this.name}_bucket${labelText({ ...labels, le: formatNumber(bound) })} ${value.counts[i]}`),
      `${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${value.count}`,
      `${this.name}_sum${labelText(labels)} ${formatNumber(value.sum)}`,
      `${this.name}_count${labelText(labels)} ${value.count}`,
    ]);
  }
}

/** The metrics of one process, rendered in the order they were made. */
export class Registry {
  private metrics: Metric[] = [];

  add<M extends Metric>(metric: M): M {
    this.metrics.push(metric);
    return metric;
  }

  render(): string {
    return `${this.metrics.flatMap((m) => m.render()).join('\n')}\n`;
  }
}

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
