import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * Just enough ZIP for EPUB containers: write entries (stored or deflated, no timestamps, so the
 * same files give the same bytes), read back what we wrote, and write again from entries kept
 * compressed, so a stamped copy re-deflates only the files it changes.
 */
export type ZipEntry = { name: string; method: 0 | 8; crc: number; size: number; data: Uint8Array };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** One file, compressed unless `store` (the mimetype must be stored; fonts and JPEG gain nothing). */
export function zipEntry(name: string, content: string | Uint8Array, store = false): ZipEntry {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return store
    ? { name, method: 0, crc: crc32(bytes), size: bytes.length, data: bytes }
    : { name, method: 8, crc: crc32(bytes), size: bytes.length, data: deflateRawSync(bytes, { level: 9 }) };
}

// 1980-01-01 00:00 in DOS time: a fixed date, so a rebuild is byte for byte the same.
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

export function writeZip(entries: readonly ZipEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.set(name, 30);
    const header = Buffer.alloc(46 + name.length);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    local.copy(header, 8, 6, 30);
    header.writeUInt32LE(offset, 42);
    header.set(name, 46);
    parts.push(local, entry.data);
    central.push(header);
    offset += local.length + entry.data.length;
  }
  const size = central.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, ...central, end]));
}

/** The entries of a ZIP written by writeZip, still compressed, in their order. */
export function readZip(zip: Uint8Array): ZipEntry[] {
  const buffer = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP file');
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (buffer.readUInt32LE(at) !== 0x02014b50) throw new Error('broken ZIP directory');
    const method = buffer.readUInt16LE(at + 10);
    if (method !== 0 && method !== 8) throw new Error(`unsupported ZIP method ${method}`);
    const compressed = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extra = buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    const dataStart = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    entries.push({
      name: buffer.toString('utf8', at + 46, at + 46 + nameLength),
      method,
      crc: buffer.readUInt32LE(at + 16),
      size: buffer.readUInt32LE(at + 24),
      data: new Uint8Array(zip.subarray(dataStart, dataStart + compressed)),
    });
    at += 46 + nameLength + extra;
  }
  return entries;
}

/** An entry's content, uncompressed. */
export function entryBytes(entry: ZipEntry): Uint8Array {
  return entry.method === 0 ? entry.data : new Uint8Array(inflateRawSync(entry.data));
}

/** A named entry's content as UTF-8 text. */
export function entryText(entries: readonly ZipEntry[], name: string): string {
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new Error(`the EPUB has no ${name}`);
  return new TextDecoder().decode(entryBytes(entry));
}
