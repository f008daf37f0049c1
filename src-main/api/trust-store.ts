// The certificates Card Desk trusts for HTTPS: Node's bundled roots, the operating system's store (on Linux
// what OpenSSL's default locations hold, which SSL_CERT_FILE/SSL_CERT_DIR override; the Keychain on macOS,
// the Windows store on Windows) and an environment's own extra CA certificates. A company that inspects
// TLS installs its root in the system store, or IT hands the operator its PEM file for Settings. There is
// no switch that accepts an unverified certificate.
import { X509Certificate, createHash } from 'node:crypto';
import * as tls from 'node:tls';
import type { CertificateSummary } from '../../src-shared/ipc/channels/network';

type CaSource = 'default' | 'system' | 'bundled' | 'extra';
type WithCaList = { getCACertificates?: (type?: CaSource) => string[] };

let baseCertificates: string[] | null = null;

/** Node's roots (with NODE_EXTRA_CA_CERTS when set) and the system store's, read once per process. */
export function baseTrust(): string[] {
  if (baseCertificates) return baseCertificates;
  const read = (tls as WithCaList).getCACertificates;
  if (!read) {
    // An older Node without getCACertificates: its bundled roots only.
    baseCertificates = [...tls.rootCertificates];
    return baseCertificates;
  }
  const all = new Set<string>(read('default'));
  try {
    for (const pem of read('system')) all.add(pem);
  } catch {
    // No readable system store: Node's roots still apply.
  }
  baseCertificates = [...all];
  return baseCertificates;
}

const contexts = new Map<string, tls.SecureContext>();

/** A TLS context trusting the base roots and `extraCa`, built once per set of extra CAs. */
export function secureContextFor(extraCa: readonly string[]): tls.SecureContext {
  const key = extraCa.length === 0 ? '' : createHash('sha256').update(extraCa.join('\n')).digest('hex');
  let context = contexts.get(key);
  if (!context) {
    context = tls.createSecureContext({ ca: [...baseTrust(), ...extraCa] });
    contexts.set(key, context);
  }
  return context;
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates of a PEM text, each as its own PEM block; throws naming what is wrong. */
export function certificatesOfPem(text: string): { pem: string; certificate: X509Certificate }[] {
  const blocks = text.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0)
    throw new Error('The file holds no certificate in PEM form (text starting "-----BEGIN CERTIFICATE-----").');
  return blocks.map((pem, i) => {
    try {
      return { pem: `${pem}\n`, certificate: new X509Certificate(pem) };
    } catch {
      throw new Error(`Certificate ${i + 1} of the file cannot be read.`);
    }
  });
}

/** A distinguished name as an operator reads it: its common name, else its organisation, else the whole. */
export function nameOf(distinguished: string | undefined): string {
  if (!distinguished) return 'an unknown issuer';
  const fields = new Map(
    distinguished
      .split('\n')
      .map((line) => line.split('='))
      .filter((parts) => parts.length >= 2)
      .map(([k, ...v]) => [k!.trim(), v.join('=').trim()]),
  );
  return fields.get('CN') ?? fields.get('O') ?? distinguished.replaceAll('\n', ', ');
}

export function summaryOf(certificate: X509Certificate): CertificateSummary {
  return {
    subject: nameOf(certificate.subject),
    issuer: nameOf(certificate.issuer),
    validTo: new Date(certificate.validTo).toISOString(),
    fingerprint256: certificate.fingerprint256,
  };
}

/** What a server presented, as a failure message names it. */
export interface PresentedCertificate {
  subject: string;
  issuer: string;
  fingerprint256: string;
  validTo: string;
  /** The names it was issued for. */
  altNames?: string;
}

/** Reads a peer certificate (tls.TLSSocket#getPeerCertificate) into what a message needs. */
export function presentedOf(peer: tls.PeerCertificate | null | undefined): PresentedCertificate | null {
  if (!peer || !peer.fingerprint256) return null;
  const dn = (o: object | undefined) =>
    o
      ? Object.entries(o)
          .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
          .join('\n')
      : undefined;
  return {
    subject: nameOf(dn(peer.subject)),
    issuer: nameOf(dn(peer.issuer)),
    fingerprint256: peer.fingerprint256,
    validTo: peer.valid_to ? new Date(peer.valid_to).toISOString() : '',
    ...(peer.subjectaltname ? { altNames: peer.subjectaltname } : {}),
  };
}
