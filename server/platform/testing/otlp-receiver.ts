/**
 * A local OTLP/HTTP receiver for tests: accepts POST /v1/traces in protobuf (what the exporter
 * sends), decodes the spans with a reader of protobuf's wire format written against the OTLP
 * trace schema (opentelemetry-proto: trace/v1/trace.proto), and keeps them for assertions.
 */
import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  statusCode: number;
  service: string;
};

type Field = { field: number; wire: number; value: bigint | Buffer };

/** The fields of one protobuf message, in order (varints as bigint, everything else as bytes). */
function fieldsOf(buffer: Buffer): Field[] {
  const fields: Field[] = [];
  let at = 0;
  const varint = () => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buffer[at++];
      if (byte === undefined) throw new Error('truncated varint');
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  while (at < buffer.length) {
    const tag = Number(varint());
    const field = tag >>> 3;
    const wire = tag & 7;
    if (wire === 0) fields.push({ field, wire, value: varint() });
    else if (wire === 1) {
      fields.push({ field, wire, value: buffer.subarray(at, at + 8) });
      at += 8;
    } else if (wire === 2) {
      const length = Number(varint());
      fields.push({ field, wire, value: buffer.subarray(at, at + length) });
      at += length;
    } else if (wire === 5) {
      fields.push({ field, wire, value: buffer.subarray(at, at + 4) });
      at += 4;
    } else throw new Error(`unexpected wire type ${wire}`);
  }
  return fields;
}

const bytesOf = (fields: Field[], field: number) => fields.filter((f) => f.field === field).map((f) => f.value as Buffer);

/** AnyValue: string (1), bool (2), int (3), double (4). */
function anyValue(buffer: Buffer): string | number | boolean {
  const [first] = fieldsOf(buffer);
  if (!first) return '';
  if (first.field === 1) return (first.value as Buffer).toString('utf8');
  if (first.field === 2) return first.value === 1n;
  if (first.field === 3) return Number(BigInt.asIntN(64, first.value as bigint));
  if (first.field === 4) return (first.value as Buffer).readDoubleLE(0);
  return `(field ${first.field})`;
}

function attributesOf(buffers: Buffer[]): Record<string, string | number | boolean> {
  const attributes: Record<string, string | number | boolean> = {};
  for (const keyValue of buffers) {
    const fields = fieldsOf(keyValue);
    const key = bytesOf(fields, 1)[0]?.toString('utf8') ?? '';
    const value = bytesOf(fields, 2)[0];
    attributes[key] = value ? anyValue(value) : '';
  }
  return attributes;
}

/** ExportTraceServiceRequest -> ResourceSpans (1) -> ScopeSpans (2) -> Span (2). */
export function decodeTraceRequest(body: Buffer): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of bytesOf(fieldsOf(body), 1)) {
    const resourceFields = fieldsOf(resourceSpans);
    const resource = bytesOf(resourceFields, 1)[0];
    const service = String(attributesOf(resource ? bytesOf(fieldsOf(resource), 1) : [])['service.name'] ?? '');
    for (const scopeSpans of bytesOf(resourceFields, 2)) {
      for (const span of bytesOf(fieldsOf(scopeSpans), 2)) {
        const fields = fieldsOf(span);
        const status = bytesOf(fields, 15)[0];
        spans.push({
          traceId: bytesOf(fields, 1)[0]?.toString('hex') ?? '',
          spanId: bytesOf(fields, 2)[0]?.toString('hex') ?? '',
          parentSpanId: bytesOf(fields, 4)[0]?.toString('hex') ?? '',
          name: bytesOf(fields, 5)[0]?.toString('utf8') ?? '',
          kind: Number(fields.find((f) => f.field === 6)?.value ?? 0n),
          attributes: attributesOf(bytesOf(fields, 9)),
          statusCode: Number(status ? (fieldsOf(status).find((f) => f.field === 3)?.value ?? 0n) : 0n),
          service,
        });
      }
    }
  }
  return spans;
}

/** Listens on 127.0.0.1 (a free port); `endpoint` is what OTEL_EXPORTER_OTLP_ENDPOINT takes. */
export async function startOtlpReceiver(): Promise<{ endpoint: string; spans: ReceivedSpan[]; contentTypes: string[]; close(): Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const contentTypes: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      contentTypes.push(String(req.headers['content-type']));
      spans.push(...decodeTraceRequest(body));
      // An empty ExportTraceServiceResponse: all accepted.
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end(Buffer.alloc(0));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    contentTypes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
