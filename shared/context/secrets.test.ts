import { describe, expect, it } from 'vitest';
import { looksSecret } from './secrets';

describe('files that look like secrets', () => {
  it.each([
    '.env',
    '.env.local',
    '.env.production',
    'apps/web/.env.development.local',
    'config/master.key',
    'certs/server.pem',
    'tls/server.key',
    'keys/id_rsa',
    'deploy/github_deploy_ed25519',
    'store.p12',
    'android/app/release.keystore',
    'credentials.json',
    'config/credentials.yml',
    '.aws/credentials',
    '.ssh/config',
    'secrets/db.txt',
    'infra/prod.tfvars',
    'infra/terraform.tfstate',
    '.npmrc',
    '.netrc',
    '.git-credentials',
    'client_secret.json',
    'vault.kdbx',
    'putty.ppk',
    'SECRETS.JSON',
  ])('%s is one', (p) => expect(looksSecret(p)).toBe(true));

  it.each([
    '.env.example',
    '.env.sample',
    '.env.template',
    'apps/web/.env.local.example',
    'src/env.ts',
    'src/environment.ts',
    'src/keyboard.ts',
    'docs/secrets.md',
    'src/credentials/form.tsx',
    'README.md',
    'package.json',
    'src/auth/token.ts',
    'src/keys.ts',
    'monkey.py',
    'turnkey.go',
    'src/pem-parser.ts',
  ])('%s is not', (p) => expect(looksSecret(p)).toBe(false));
});
