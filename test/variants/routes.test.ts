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
 * Operations the API description shows in two forms (api-notes R1–R5), run against the documented form (the
 * sandbox's default) and against a service that only has the other one (its variant profiles): the node works
 * with both, sends the other form only after a 404/405, and then goes straight to the form that answered.
 */
import {
	fixture,
	createTemplateContract,
	LEASE,
	prepareForSending,
	useEnv,
	withEnv,
	byId,
} from '../helpers/env';

const profiles = [
	['the documented form', []],
	[
		'the other form',
		[
			'cancel-post-only',
			'documents-post-only',
			'variables-configuration-path',
			'participant-update-attachments-path',
			'sign-links-in-body',
		],
	],
] as const;

describe.each(profiles)('a service with %s', (name, variants) => {
	const other = variants.length > 0;

	const env = useEnv(__filename, { variants: [...variants] });

	/** Test setup through the documented routes (the profile is switched off meanwhile). */
	const ready = async (): Promise<{ id: string; participantIds: string[] }> => {
		env.sb.control.setVariants([]);
		try {
			const id = await createTemplateContract(env.api, LEASE);
			return { id, participantIds: await prepareForSending(env.api, id) };
		} finally {
			env.sb.control.setVariants([...variants]);
		}
	};

	/** "METHOD path status" of the node's requests after a mark, with the contract / participant ids named. */
	const sent = (mark: number, names: Record<string, string>) =>
		env.nodeRequests(mark).map((r) => {
			let path = r.path;
			for (const [id, label] of Object.entries(names)) path = path.split(id).join(label);
			return `${r.method} ${path} ${r.status}`;
		});

	test('Cancel: DELETE, or POST after a 405; the next cancel goes straight to the form that answered', async () => {
		for (const round of [1, 2]) {
			const id = await createTemplateContract(env.api, LEASE);
			const mark = env.mark();
			const result = await env.run({
				resource: 'contract',
				operation: 'cancel',
				contractId: byId(id),
			});
			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toEqual({ contractId: id, canceled: true });
			expect(env.sb.control.getContract(id)?.status).toBe('CANCELED');
			const expected = !other
				? ['DELETE /api/contract/cancel/C 200']
				: round === 1
					? ['DELETE /api/contract/cancel/C 405', 'POST /api/contract/cancel/C 200']
					: ['POST /api/contract/cancel/C 200'];
			expect(sent(mark, { [id]: 'C' })).toEqual(expected);
		}
	});

	test('Get Signed Documents: GET, or POST after a 405, with partial in the query', async () => {
		for (const round of [1, 2]) {
			const { id } = await ready();
			await env.api.post(`/api/contract/send/${id}`);
			env.sb.control.sign(id);
			const mark = env.mark();
			const result = await env.run({
				resource: 'contract',
				operation: 'getDocuments',
				contractId: byId(id),
			});
			expect(result.error).toBeUndefined();
			expect(
				(result.items[0].json.documents as { signed_contract: string }).signed_contract,
			).toMatch(/^http/);
			const expected = !other
				? ['GET /api/contract/documents/C 200']
				: round === 1
					? ['GET /api/contract/documents/C 405', 'POST /api/contract/documents/C 200']
					: ['POST /api/contract/documents/C 200'];
			expect(sent(mark, { [id]: 'C' })).toEqual(expected);
			expect(env.nodeRequests(mark).at(-1)?.query).toEqual({ partial: 'false' });
		}
	});

	test('Set Variables: the variables path, or the configuration path after a 404; the value is set either way', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		const participants = (await env.api.get(`/api/contract/variables/${id}`)).data.participants;
		const p = participants[0];
		const reference = Object.keys(p.variables).find((k) => !p.variables[k].type) as string;
		const mark = env.mark();
		const result = await env.run({
			resource: 'variable',
			operation: 'set',
			contractId: byId(id),
			participantId: byId(p.participantid),
			inputMode: 'json',
			variablesJson: JSON.stringify({ [reference]: 'Ana López' }),
		});
		expect(result.error).toBeUndefined();
		const names = { [id]: 'C', [p.participantid]: 'P' };
		expect(sent(mark, names)).toEqual(
			other
				? ['POST /api/contract/variables/C/P 404', 'POST /api/contract/configuration/C/P 200']
				: ['POST /api/contract/variables/C/P 200'],
		);
		const after = (await env.api.get(`/api/contract/variables/${id}`)).data.participants[0];
		expect(after.variables[reference].value).toBe('Ana López');
	});

	test('Update Participant: the participant path, or the attachments path after a 405', async () => {
		const id = await createTemplateContract(env.api, LEASE);
		const [p] = (await env.api.get(`/api/contract/variables/${id}`)).data.participants;
		const mark = env.mark();
		const result = await env.run({
			resource: 'participant',
			operation: 'update',
			contractId: byId(id),
			participantId: byId(p.participantid),
			updateFields: { name: 'Ana López', email: 'ana@example.com' },
		});
		expect(result.error).toBeUndefined();
		expect(sent(mark, { [id]: 'C', [p.participantid]: 'P' })).toEqual(
			other
				? ['POST /api/contract/participant/C/P 405', 'POST /api/contract/attachments/C/P 200']
				: ['POST /api/contract/participant/C/P 200'],
		);
		const record = (await env.api.get(`/api/contract/participant/${id}/${p.participantid}`)).data;
		expect(record.editable).toMatchObject({ name: 'Ana López', email: 'ana@example.com' });
	});

	test('Send with signing links: links either way, the contract sent once; the next send asks where the service reads it', async () => {
		for (const round of [1, 2]) {
			const { id, participantIds } = await ready();
			const mark = env.mark();
			const result = await env.run({
				resource: 'contract',
				operation: 'send',
				contractId: byId(id),
				options: { returnSignLinks: true },
			});
			expect(result.error).toBeUndefined();
			const links = result.items[0].json.signingLinks as Array<{
				participantId: string;
				signUrl: string;
			}>;
			expect(links.map((l) => l.participantId)).toEqual(participantIds);
			for (const link of links) expect((await env.api.get(link.signUrl)).status).toBe(200);
			const sends = env.nodeRequests(mark).filter((r) => r.path === `/api/contract/send/${id}`);
			expect(sends).toHaveLength(1);
			const inBody = other && round === 2;
			expect(sends[0].query).toEqual(inBody ? {} : { showSignLinks: 'true' });
			expect(sends[0].body).toEqual(inBody ? { showSignLinks: true } : null);
		}
	});
});

test("both forms missing: the error is the documented form's, and says the other form was tried too", async () => {
	await withEnv(__filename, { variants: ['cancel-post-only'] }, async (env) => {
		// a service without the POST form either: the router's 404, no text of TRATO's
		env.sb.control.addFault({
			method: 'POST',
			path: '/api/contract/cancel/*',
			status: 404,
			body: { success: false, statusCode: 404, error: 'Cannot POST /api/contract/cancel' },
		});
		const result = await env.run({
			resource: 'contract',
			operation: 'cancel',
			contractId: byId('000000000000000000000000'),
		});
		expect(result.error?.httpCode).toBe('405');
		expect((result.error as { description?: string }).description).toMatch(
			/The other form the API description shows \(POST \/api\/contract\/cancel\/000000000000000000000000\) answered HTTP 404 too\./,
		);
	});
});

test("an unknown contract on the other form: TRATO's text is final, and that form is remembered", async () => {
	await withEnv(__filename, { variants: ['cancel-post-only'] }, async (env) => {
		const unknown = '000000000000000000000000';
		const mark = env.mark();
		const result = await env.run({
			resource: 'contract',
			operation: 'cancel',
			contractId: byId(unknown),
		});
		expect(result.error?.message).toBe(
			`TRATO refused the request: The contract ${unknown} does not exist on the database or is not associated to your account`,
		);
		const id = await createTemplateContract(env.api, LEASE);
		const ok = await env.run({ resource: 'contract', operation: 'cancel', contractId: byId(id) });
		expect(ok.error).toBeUndefined();
		expect(env.nodeRequests(mark).map((r) => `${r.method} ${r.status}`)).toEqual([
			'DELETE 405',
			'POST 404',
			'POST 200',
		]);
	});
});

test('a PDF contract carries the template ID (TRATO needs one also for a document)', async () => {
	await withEnv(__filename, {}, async (env) => {
		const mark = env.mark();
		const result = await env.run(
			{ resource: 'contract', operation: 'create', source: 'pdf', templateId: byId(LEASE) },
			[
				{
					json: {},
					binary: {
						data: {
							data: fixture('lease.pdf'),
							mimeType: 'application/pdf',
							fileName: 'lease.pdf',
						},
					},
				},
			],
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			source: 'pdf',
			templateId: LEASE,
			fileName: 'lease.pdf',
		});
		const body = env.nodeRequests(mark)[0].body as { templateid?: string; source: string };
		expect(body).toMatchObject({ source: 'document', templateid: LEASE });
	});
});
