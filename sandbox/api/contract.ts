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
// Contract routes (spec 4.1–4.4, 4.10, 4.11, 4.14–4.19, 4.24, 4.25, 4.27): create, status, configure, send,
// documents, list, remind, archive, cancel, finalize, NOM-151 check, package, shield-2 stamp, milestones.
import { listContracts, parseListQuery } from '../contractList';
import { objectBody } from '../http';
import { findTemplate } from '../templates';
import { TRATO_TEXTS } from '../tratoTexts';
import {
	badRequest,
	expectEnum,
	expectString,
	isPlainObject,
	notFound,
	rejectUnknownFields,
} from '../util';
import { flagQueryOrBody, ok, readDocument, requireObject, route, type ApiRoute } from './common';
import { parseConfiguration } from './configuration';
import { createContractV2 } from './createV2';

export const routes: readonly ApiRoute[] = [
	// 4.1, with TRATO's own texts (trato-notes "Error answers"): a template ID is required for both sources
	route(['POST'], '/api/create/contract', async (ctx, core) => {
		const body = requireObject(ctx, 'Create contract');
		rejectUnknownFields(body, ['source', 'templateid', 'document'], 'create contract');
		if (body.source === undefined || body.source === null || body.source === '')
			throw badRequest(TRATO_TEXTS.sourceRequired);
		const source = expectEnum(body.source, 'source', ['template', 'document']);
		if (body.templateid === undefined || body.templateid === null || body.templateid === '')
			throw badRequest(TRATO_TEXTS.templateIdRequired);
		const templateId = expectString(body.templateid, 'templateid').trim();
		if (source === 'template' && body.document !== undefined)
			throw badRequest("Field 'document' is only allowed when source is document");
		const template = findTemplate(templateId);
		if (!template) throw notFound(`Template ${templateId} not found`);
		if (source === 'template') {
			const c = core.commit(core.createFromTemplate(template));
			return ok({ success: true, contractid: c._id });
		}
		const doc = isPlainObject(body.document) ? body.document : {};
		if (body.document !== undefined && !isPlainObject(body.document))
			throw badRequest(`Field 'document' must be an object {type, data}`);
		if (doc.type === undefined || doc.type === null || doc.type === '')
			throw badRequest(TRATO_TEXTS.documentTypeRequired);
		if (doc.data === undefined || doc.data === null || doc.data === '')
			throw badRequest(TRATO_TEXTS.documentDataRequired);
		const read = await readDocument(doc, 'document', ['pdf', 'word'], 'Contract');
		const c = core.commit(core.createFromDocument(read.pdf, read.type as 'pdf' | 'word'));
		return ok({ success: true, contractid: c._id });
	}),

	// 4.2
	route(['POST'], '/api/v2/create/contract', (ctx, core) => createContractV2(core, ctx)),

	// 4.3
	route(['GET'], '/api/contract/status/:contractId', async (ctx, core) => {
		const c = core.contract(ctx.params.contractId);
		return ok({
			name: c.name,
			status: c.status,
			createdAt: core.variants.time(c.createdAt),
			pdf: await core.files.statusPdf(c),
			signedAt: c.signedAt,
			externalId: c.externalId ?? '',
		});
	}),

	// 4.4
	route(['POST'], '/api/contract/configuration/:contractId', (ctx, core) => {
		const c = core.contract(ctx.params.contractId);
		core.lifecycle.configure(c, parseConfiguration(requireObject(ctx, 'Configure contract')));
		return ok();
	}),

	// 4.10
	route(['POST'], '/api/contract/send/:contractId', (ctx, core) => {
		const c = core.contract(ctx.params.contractId);
		const body = objectBody(ctx, 'Send to signature');
		rejectUnknownFields(body, ['showSignLinks'], 'send to signature');
		const inQuery = !core.variants.has('sign-links-in-body');
		const show = flagQueryOrBody(ctx, 'showSignLinks', body, inQuery);
		core.lifecycle.send(c);
		if (!show) return ok();
		return ok({
			success: true,
			contract: {
				participants: c.participants.map((p) => ({
					participantid: p._id,
					signUrl: core.signUrl(c, p),
				})),
			},
		});
	}),

	// 4.11 (GET and POST, api-notes R2)
	route(['GET', 'POST'], '/api/contract/documents/:contractId', async (ctx, core) => {
		const c = core.contract(ctx.params.contractId);
		const body = objectBody(ctx, 'Get signed documents');
		rejectUnknownFields(body, ['partial'], 'get signed documents');
		return ok(await core.files.signedDocuments(c, flagQueryOrBody(ctx, 'partial', body)));
	}),

	// 4.14
	route(['GET'], '/api/list/contracts', (ctx, core) => {
		const q = parseListQuery(ctx.query, core.variants, core.listDatePrecision);
		const { items, total } = listContracts(core, q);
		return {
			status: 200,
			json: core.variants.listBody(
				'contracts',
				items.map((c) => {
					const item: Record<string, string> = {
						createdAt: core.variants.time(c.createdAt),
						name: c.name,
						_id: c._id,
						status: c.status,
					};
					if (c.externalId && core.variants.listsExternalId()) item.externalId = c.externalId;
					return item;
				}),
			),
			headers: core.variants.listHeaders(total, q.perPage),
		};
	}),

	// 4.15 – 4.18
	route(['GET'], '/api/contract/pending/:contractId', (ctx, core) => {
		core.lifecycle.remind(core.contract(ctx.params.contractId));
		return ok();
	}),
	route(['POST'], '/api/contract/archive/:contractId', (ctx, core) => {
		core.lifecycle.archive(core.contract(ctx.params.contractId));
		return ok();
	}),
	route(['DELETE', 'POST'], '/api/contract/cancel/:contractId', (ctx, core) => {
		core.lifecycle.cancel(core.contract(ctx.params.contractId));
		return ok();
	}),
	// TRATO answers the signed PDF and the NOM-151 certificate (trato-notes "What TRATO answers", H; api-notes P10)
	route(['POST'], '/api/contract/finalize/:contractId', async (ctx, core) => {
		const c = core.contract(ctx.params.contractId);
		core.lifecycle.finalize(c);
		if (core.variants.has('finalize-success-only')) return ok();
		const { documents } = await core.files.signedDocuments(c, false);
		const contract = { _id: c._id, status: c.status, downloadPdfUrl: documents.signed_contract };
		return ok({
			success: true,
			contract: { ...contract, nom151: documents.signed_certificate ?? '' },
		});
	}),

	// 4.19
	route(
		['POST'],
		'/api/contracts/:contractId/validate/nom151',
		(ctx, core) => {
			const c = core.contract(ctx.params.contractId);
			if (!ctx.multipart)
				throw badRequest(
					"Send the certificate as multipart/form-data with a file part named 'nom151'",
				);
			const part = ctx.multipart.find((p) => p.name === 'nom151');
			if (!part) {
				throw badRequest(
					`Multipart part 'nom151' is missing (parts received: ${ctx.multipart.map((p) => p.name).join(', ') || 'none'})`,
				);
			}
			return ok(core.files.validateNom151(c, part.data));
		},
		{ multipart: true },
	),

	// 4.24
	route(['POST'], '/api/contracts/:contractId/package', async (ctx, core) => {
		const c = core.contract(ctx.params.contractId);
		const pkg = await core.files.packageZip(c);
		return {
			status: 200,
			body: pkg.data,
			contentType: 'application/zip',
			headers: { 'Content-Disposition': `attachment; filename="${pkg.fileName}"` },
		};
	}),

	// 4.25
	route(['POST'], '/api/contracts/:contractId/stamp-shield2-certificate', (ctx, core) => {
		core.lifecycle.stampShield2(core.contract(ctx.params.contractId));
		return ok();
	}),

	// 4.27
	route(['GET'], '/api/contract/milestones/:contractId', (ctx, core) => {
		const c = core.contract(ctx.params.contractId);
		return ok({ contractid: c._id, milestones: core.variants.milestones(core.milestones(c)) });
	}),
];
