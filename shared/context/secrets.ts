/**
 * Files whose names say they hold secrets: never ticked by default when a project goes into the chat
 * (issue 41), only by hand, after a warning. The rule reads the path's names only (never the content),
 * so the host and the popup give the same answer; it leans towards warning (a false alarm costs a tick,
 * a miss sends a key to a chat site).
 *
 * Sources of the names: GitHub's gitignore templates (Node, Python, Terraform, Global/…), the file names
 * gitleaks and detect-secrets exclude or look into, and the usual key files of OpenSSH, GnuPG and TLS.
 */

/** Whole names (compared in lower case). */
const NAMES = new Set([
  '.env',
  '.envrc',
  '.netrc',
  '_netrc',
  '.npmrc',
  '.pypirc',
  '.pgpass',
  '.git-credentials',
  '.htpasswd',
  '.dockercfg',
  'credentials',
  'credentials.json',
  'credentials.yml',
  'credentials.yaml',
  'credentials.xml',
  'client_secret.json',
  'service-account.json',
  'secrets.json',
  'secrets.yml',
  'secrets.yaml',
  'secrets.toml',
  'secret.json',
  'master.key',
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  'id_ecdsa_sk',
  'id_ed25519_sk',
  'known_hosts',
  'authorized_keys',
  'terraform.tfstate',
  'terraform.tfstate.backup',
  'terraform.tfvars',
  'kubeconfig',
  'keystore.jks',
]);

/** Endings of a name (lower case). */
const ENDINGS = [
  '.pem',
  '.key',
  '.p12',
  '.pfx',
  '.jks',
  '.keystore',
  '.asc',
  '.gpg',
  '.kdbx',
  '.ppk',
  '.tfvars',
  '.tfstate',
  '.secret',
  '.secrets',
  '_rsa',
  '_dsa',
  '_ecdsa',
  '_ed25519',
];

/** Folders whose every file is a secret (a cloud CLI's or ssh's own folder copied into a project). */
const FOLDERS = new Set(['.ssh', '.gnupg', '.aws', '.azure', '.docker', 'secrets', '.secrets']);

/** Example and template files show a secret's shape, not its value: `.env.example` is not one. */
const EXAMPLE = /(?:^|[._-])(?:example|sample|template|dist|defaults?)(?:$|[._-])/;

/**
 * Whether `path` (relative, `/`-separated) looks like a file that holds secrets: `.env` and `.env.*`
 * (but `.env.example` and its kin), private keys and certificates, credentials and secrets files,
 * Terraform state and variables, and anything under `.ssh/`, `.aws/` and the like.
 */
export function looksSecret(path: string): boolean {
  const parts = path.toLowerCase().split('/');
  const name = parts[parts.length - 1] ?? '';
  if (parts.slice(0, -1).some((p) => FOLDERS.has(p))) return true;
  const example = EXAMPLE.test(name.replace(/^\.env/, ''));
  if (name === '.env' || name.startsWith('.env.')) return !example;
  if (example && !ENDINGS.some((e) => name.endsWith(e) && (e === '.pem' || e === '.key'))) return false;
  if (NAMES.has(name)) return true;
  if (/^(?:.+\.)?env\.(?:local|production|prod|staging|development|dev|test)$/.test(name)) return true;
  return ENDINGS.some((e) => name.endsWith(e));
}
