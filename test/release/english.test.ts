/* eslint
	no-console: "off",
	@typescript-eslint/no-explicit-any: "off",
	@typescript-eslint/no-unused-vars: ["error", { "argsIgnorePattern": "^_", "varsIgnorePattern": "^_" }],
	@n8n/community-nodes/no-restricted-globals: "off",
	@n8n/community-nodes/no-restricted-imports: "off",
	@n8n/community-nodes/no-dangerous-functions: "off",
	@n8n/community-nodes/no-hardcoded-secrets: "off",
	@n8n/community-nodes/require-node-api-error: "off"
	-- Development code, never published: n8n's rules for code that runs inside n8n do not apply (CONTRIBUTING.md → Lint). */
/**
 * The published package is English only, as n8n's verification asks ("parameter names, descriptions, help text,
 * error messages and README content"; issue 34). Over what `npm pack` would publish (dist/ after a build, README.md,
 * package.json, LICENSE.md): no Spanish README (npm packs every root `readme*` file, so the Spanish guide lives in
 * docs/es/), and no packed text with a Spanish word of the list below or an accented Spanish letter. The one
 * exception is data, not text: `Ñ` in the RFC pattern (a letter of Mexico's tax id format), docs/api-notes.md FD7.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ensureBuilt, laptopEnv, ROOT, run } from './helpers';

/** Spanish words that are neither English nor code here (whole words, any case). */
export const SPANISH_WORDS = [
	'contrato',
	'contratos',
	'firma',
	'firmas',
	'firmado',
	'firmada',
	'firmados',
	'firmante',
	'firmantes',
	'firmar',
	'arrendador',
	'arrendadora',
	'arrendatario',
	'arrendataria',
	'arrendamiento',
	'español',
	'espanol',
	'plantilla',
	'plantillas',
	'participante',
	'participantes',
	'observador',
	'observadores',
	'enlace',
	'enlaces',
	'anexo',
	'anexos',
	'hito',
	'hitos',
	'constancia',
	'pendiente',
	'borrador',
	'leer',
	'calle',
	'correo',
	'contraseña',
	'nombre',
	'apellido',
	'documento',
	'documentos',
	'fecha',
	'inquilino',
	'propiedad',
	'personalizada',
	'glosario',
	'credencial',
	'operaciones',
	'disparador',
	'flujo',
	'ejemplo',
	'para',
	'desde',
	'cuando',
	'los',
	'las',
	'del',
	'una',
];

/** Letters of Spanish that English text does not use. */
const SPANISH_LETTERS = /[áéíóúñü¿¡]/giu;

/** Where a Spanish letter is data, not text: the exact snippet, the files it may be in, and why. */
const ALLOWED = [
	{
		snippet: '[A-ZÑ&]',
		files: /^dist\/nodes\/Trato\/helpers\/(createV2Rules|participants)\.js$/,
		why: "the RFC pattern: Ñ is a letter of Mexico's tax id (RFC) format, checked before a request",
	},
];

const WORD = new RegExp(
	`(?<![\\p{L}\\p{N}_-])(${SPANISH_WORDS.join('|')})(?![\\p{L}\\p{N}_-])`,
	'giu',
);

/** `file:line  found` for every Spanish word or letter in `text` (a packed file's content). */
export function spanishIn(file: string, text: string): string[] {
	const found: string[] = [];
	text.split('\n').forEach((raw, index) => {
		let line = raw;
		for (const allowed of ALLOWED)
			if (allowed.files.test(file)) line = line.split(allowed.snippet).join('');
		for (const match of line.matchAll(WORD)) found.push(`${file}:${index + 1}  ${match[0]}`);
		for (const match of line.matchAll(SPANISH_LETTERS)) {
			const at = match.index ?? 0;
			found.push(`${file}:${index + 1}  ${line.slice(Math.max(0, at - 20), at + 20).trim()}`);
		}
	});
	return found;
}

const TEXT = /\.(js|json|md|svg|txt)$/;

let paths: string[];

beforeAll(() => {
	ensureBuilt();
	const result = run('npm', ['pack', '--dry-run', '--json'], { cwd: ROOT, env: laptopEnv() });
	expect(result.status).toBe(0);
	paths = (JSON.parse(result.stdout)[0].files as Array<{ path: string }>).map((f) => f.path);
}, 120_000);

describe('the package is English only (n8n verification)', () => {
	it('packs one README, README.md: no Spanish README', () => {
		const readmes = paths.filter((path) => /(^|\/)readme[^/]*$/i.test(path));
		expect(readmes).toEqual(['README.md']);
		expect(
			paths.filter((path) => /(^|[/._-])(es|es-mx|spanish|espa[nñ]ol)([/._-]|$)/i.test(path)),
		).toEqual([]);
	});

	it('keeps no other readme* in the repository root, since npm packs every one of them whatever "files" says', () => {
		const rootReadmes = readdirSync(ROOT).filter((name) => /^readme/i.test(name));
		expect(rootReadmes).toEqual(['README.md']);
	});

	it('no packed text has a Spanish word or letter: the JavaScript, the codex and package.json, the README, the icons', () => {
		const texts = paths.filter((path) => TEXT.test(path));
		expect(texts).toEqual(
			expect.arrayContaining([
				'README.md',
				'package.json',
				'dist/nodes/Trato/Trato.node.json',
				'dist/nodes/Trato/Trato.node.js',
				'dist/credentials/TratoApi.credentials.js',
			]),
		);
		expect(texts.length).toBeGreaterThan(100);
		const found = texts.flatMap((path) => spanishIn(path, readFileSync(join(ROOT, path), 'utf8')));
		expect(found).toEqual([]);
	});

	it('each allowed snippet is still where it is allowed (else the exception is stale: remove it)', () => {
		for (const allowed of ALLOWED) {
			const holders = paths.filter(
				(path) =>
					allowed.files.test(path) &&
					readFileSync(join(ROOT, path), 'utf8').includes(allowed.snippet),
			);
			expect([allowed.why, holders.length]).toEqual([allowed.why, 2]);
		}
	});

	it('the check finds Spanish: the Spanish guide (docs/es/README.md, not packed) is full of it', () => {
		const guide = readFileSync(join(ROOT, 'docs', 'es', 'README.md'), 'utf8');
		const found = spanishIn('docs/es/README.md', guide);
		expect(found.length).toBeGreaterThan(100);
		expect(spanishIn('x.md', 'Leer en español: la plantilla del contrato')).toEqual([
			'x.md:1  Leer',
			'x.md:1  español',
			'x.md:1  plantilla',
			'x.md:1  del',
			'x.md:1  contrato',
			'x.md:1  Leer en español: la plantilla de',
		]);
		expect(spanishIn('dist/nodes/Trato/helpers/other.js', 'const RFC = /^[A-ZÑ&]{4}$/;')).toEqual([
			'dist/nodes/Trato/helpers/other.js:1  const RFC = /^[A-ZÑ&]{4}$/;',
		]);
	});
});
