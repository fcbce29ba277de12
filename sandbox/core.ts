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
// The simulated service's heart: the clock, the store, lookups, new contracts and participants, signing links,
// milestones and spectator JWTs. The state machine is `lifecycle` (lifecycle.ts), the files are `files`
// (files.ts); each sees the core only through its own narrow host interface.
import jwt from 'jsonwebtoken';
import { Files } from './files';
import { IN_PROGRESS, Lifecycle, allSigned } from './lifecycle';
import { DataFile, Store } from './store';
import type {
	ContractState,
	Credits,
	ParticipantState,
	TemplateParticipantDef,
	TemplateState,
	VariableState,
} from './types';
import {
	OBJECT_ID,
	badRequest,
	conflict,
	derivedId,
	notFound,
	objectId,
	randomToken,
} from './util';
import { TRATO_TEXTS } from './tratoTexts';
import { Variants } from './variants';

interface CoreOptions {
	now: () => Date;
	jwtSecret: string;
	fileProtection: boolean;
	credits: Credits;
	dataFile?: string;
}

export class Core {
	readonly store: Store;
	readonly dataFile?: DataFile;
	baseUrl = '';
	uploadUrl = '';
	fileProtection: boolean;
	clockOffsetMs = 0;
	/**
	 * Precision of the listing's dateStart/dateEnd (tests only): 'ms' honours the whole timestamp (api-notes S5);
	 * 'day' ignores the time part (start of day / end of day), like an API that only reads the date.
	 */
	listDatePrecision: 'ms' | 'day' = 'ms';
	/** Active variant profiles (docs/sandbox.md); none by default. */
	variants: Variants = Variants.none;
	/** Told when a contract is looked up, after each change of a stored one and before one is deleted (sandbox/webhooks.ts). */
	observer?: {
		seen(c: ContractState): void;
		changed(c: ContractState): void;
		removed(c: ContractState): void;
	};
	/** The state machine: every status change and the rules that allow it. */
	readonly lifecycle: Lifecycle = new Lifecycle(this);
	/** Files of contracts: records, URLs, generated PDFs, videos, the package. */
	readonly files: Files = new Files(this);

	constructor(readonly options: CoreOptions) {
		this.store = new Store(options.credits);
		this.fileProtection = options.fileProtection;
		if (options.dataFile) this.dataFile = new DataFile(options.dataFile, this.store);
	}

	now(): Date {
		return new Date(this.options.now().getTime() + this.clockOffsetMs);
	}

	nowIso(): string {
		return this.now().toISOString();
	}

	/** Records a mutation: refreshes the contract's index entries and schedules the data file write. */
	touch(c?: ContractState): void {
		if (c && this.store.contracts.get(c._id) === c) {
			this.store.reindex(c);
			this.observer?.changed(c);
		}
		this.dataFile?.markDirty();
	}

	event(c: ContractState, type: string, detail?: string): void {
		c.events.push({ at: this.nowIso(), type, ...(detail ? { detail } : {}) });
	}

	// -------------------------------------------------------------------------------------------
	// Lookups

	/** The two contract-id texts of TRATO's error page, on every {contractID} path (trato-notes "Error answers"). */
	contract(id: string): ContractState {
		if (!OBJECT_ID.test(id)) throw badRequest(TRATO_TEXTS.contractIdRequired);
		const c = this.store.contracts.get(id);
		if (!c) throw notFound(TRATO_TEXTS.contractUnknown(id));
		this.lifecycle.checkExpiry(c);
		this.observer?.seen(c);
		return c;
	}

	participant(c: ContractState, id: string): ParticipantState {
		if (!OBJECT_ID.test(id))
			throw badRequest(`Invalid participant id '${id}': expected 24 hexadecimal characters`);
		const p = c.participants.find((x) => x._id === id);
		if (!p) throw notFound(`Participant ${id} not found in contract ${c._id}`);
		return p;
	}

	// -------------------------------------------------------------------------------------------
	// Creation

	newContract(fields: {
		name: string;
		source: ContractState['source'];
		templateId?: string;
		createdAt?: Date;
	}): ContractState {
		const created = fields.createdAt ?? this.now();
		return {
			_id: objectId(created),
			name: fields.name,
			status: '',
			createdAt: created.toISOString(),
			createdAtMs: created.getTime(),
			signedAt: '',
			source: fields.source,
			...(fields.templateId ? { templateId: fields.templateId } : {}),
			docVersion: 0,
			config: {},
			participants: [],
			spectators: [],
			properties: [],
			confidentialAttachments: [],
			reminders: [],
			events: [],
			fileIds: {},
		};
	}

	blankParticipant(
		label: string,
		createdAt: Date,
		obligation: 'individual' | 'legal' = 'individual',
	): ParticipantState {
		return {
			_id: objectId(createdAt),
			label,
			name: '',
			email: '',
			phone: '',
			obligation,
			representative: '',
			address: '',
			status: 'PENDING',
			variables: {},
			attachments: [],
		};
	}

	participantFromTemplate(def: TemplateParticipantDef, createdAt: Date): ParticipantState {
		const p = this.blankParticipant(def.label, createdAt, def.obligation);
		for (const v of def.variables) {
			const state: VariableState = {
				name: v.name,
				type: v.type,
				value: v.type === 'dynamictable' ? {} : (v.value ?? ''),
			};
			p.variables[v.ref] = state;
		}
		return p;
	}

	createFromTemplate(
		template: TemplateState,
		source: ContractState['source'] = 'template',
	): ContractState {
		const c = this.newContract({ name: template.name, source, templateId: template.templateId });
		const at = new Date(c.createdAtMs);
		c.participants = template.participants.map((def) => this.participantFromTemplate(def, at));
		return c;
	}

	createFromDocument(
		pdf: Buffer,
		documentType: 'pdf' | 'word',
		source: ContractState['source'] = 'document',
	): ContractState {
		const c = this.newContract({ name: '', source });
		const at = new Date(c.createdAtMs);
		c.documentType = documentType;
		const file = this.files.newFile(c, 'document', 'application/pdf', 'contract.pdf');
		file.data = pdf;
		c.documentFileId = file.id;
		c.fileIds.document = file.id;
		c.participants = [this.blankParticipant('Signer 1', at), this.blankParticipant('Signer 2', at)];
		return c;
	}

	/** Adds a new contract to the store and records it. */
	commit(c: ContractState): ContractState {
		this.store.addContract(c);
		this.touch(c);
		return c;
	}

	// -------------------------------------------------------------------------------------------
	// Signing links

	ensureToken(c: ContractState, p: ParticipantState): string {
		if (!p.signToken) {
			p.signToken = randomToken(18);
			this.store.tokens.set(p.signToken, { contractId: c._id, participantId: p._id });
			this.touch(c);
		}
		return p.signToken;
	}

	/**
	 * TRATO's form, `<web app>/sign/<contract id>/<token>` (trato-notes "What TRATO answers"); the sandbox is its own
	 * web app (the Base URL's origin). `short-sign-links`: `<base>/sign/<token>`, the form it used before.
	 */
	signUrl(c: ContractState, p: ParticipantState): string {
		const token = this.ensureToken(c, p);
		if (this.variants.has('short-sign-links')) return `${this.baseUrl}/sign/${token}`;
		return `${new URL(this.baseUrl).origin}/sign/${c._id}/${token}`;
	}

	renewToken(c: ContractState, p: ParticipantState): string {
		if (p.signToken) this.store.tokens.delete(p.signToken);
		delete p.signToken;
		return this.signUrl(c, p);
	}

	/** The participant a signing link names (either form of signUrl), or undefined. */
	signingLinkRef(contractId: string | undefined, token: string) {
		const ref = this.store.tokens.get(token);
		return ref && (contractId === undefined || contractId === ref.contractId) ? ref : undefined;
	}

	renewSignUrl(url: string): string {
		const m = /\/sign\/(?:([^/?#]+)\/)?([A-Za-z0-9_-]+)\/?$/.exec(url.split(/[?#]/)[0]);
		if (!m)
			throw badRequest(
				`Field 'url' is not a signing URL (expected ${new URL(this.baseUrl).origin}/sign/<contract id>/<token>)`,
			);
		const ref = this.signingLinkRef(m[1], m[2]);
		if (!ref) throw notFound('Signing URL not found (unknown, or already renewed)');
		const c = this.contract(ref.contractId);
		const p = this.participant(c, ref.participantId);
		if (p.status === 'SIGNED')
			throw conflict('The participant has already signed; the link cannot be renewed');
		if (!IN_PROGRESS.includes(c.status))
			throw conflict(
				`Contract ${c._id} is ${c.status || 'a draft'}; signing links can only be renewed while it is in progress`,
			);
		const next = this.renewToken(c, p);
		this.event(c, 'sign-url-renewed', p._id);
		this.touch(c);
		return next;
	}

	// -------------------------------------------------------------------------------------------
	// Milestones (api-notes S11)

	milestones(c: ContractState) {
		const expected =
			c.config.expiryUndefined === false && c.config.expiryEndDate
				? new Date(`${c.config.expiryEndDate}T23:59:59.999Z`).toISOString()
				: '';
		const m = (i: number, name: string, realDate: string | undefined, expectedDate = '') => ({
			_id: derivedId(`${c._id}:milestone:${i}`),
			completed: Boolean(realDate),
			name,
			expectedDate,
			realDate: realDate ?? '',
		});
		return [
			m(0, 'Contract created', c.createdAt, c.createdAt),
			m(1, 'Sent to signature', c.sentAt),
			m(
				2,
				'Signed by all participants',
				c.signedAt && allSigned(c) ? c.signedAt : undefined,
				expected,
			),
			m(3, 'Finalized', c.finalizedAt),
		];
	}

	// -------------------------------------------------------------------------------------------
	// Spectators

	spectatorJwt(
		c: ContractState,
		spectator: { _id: string; email: string; linkExpirationDate: string | null },
	): string {
		const iat = Math.floor(this.now().getTime() / 1000);
		const claims: Record<string, unknown> = {
			sub: spectator._id,
			contractId: c._id,
			email: spectator.email,
			role: 'spectator',
			iat,
		};
		if (spectator.linkExpirationDate)
			claims.exp = Math.floor(Date.parse(spectator.linkExpirationDate) / 1000);
		return jwt.sign(claims, `${this.options.jwtSecret}:spectator`, { algorithm: 'HS256' });
	}
}
