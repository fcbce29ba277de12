import type {
	IAuthenticate,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import {
	expiredTokenMessage,
	isPastExpiry,
	jwtExpiresAt,
	withoutBearer,
} from '../nodes/Trato/helpers/jwt';

/**
 * Puts exactly one authentication header on a request: `apikey` or `Authorization: Bearer`, never both and never an
 * empty one. Any authentication header already on the request (from another credential or a user) is removed first.
 */
async function authenticateRequest(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(requestOptions.headers ?? {})) {
		const lower = name.toLowerCase();
		if (lower === 'authorization' || lower === 'apikey') continue;
		headers[name] = value as string;
	}
	if (credentials.authentication === 'accessToken') {
		const token = withoutBearer(credentials.accessToken);
		if (!token) {
			throw new Error(
				'The TRATO credential has no access token. Open the credential and paste the JWT, or switch Authentication to API Key.',
			);
		}
		// A JWT past its expiry is refused here, so the credential test says why (the service answers only 401).
		const expiresAt = jwtExpiresAt(token);
		if (isPastExpiry(expiresAt)) {
			throw new Error(expiredTokenMessage(expiresAt));
		}
		headers.Authorization = `Bearer ${token}`;
	} else {
		const apiKey = typeof credentials.apiKey === 'string' ? credentials.apiKey.trim() : '';
		if (!apiKey) {
			throw new Error(
				'The TRATO credential has no API key. Open the credential and paste the API key, or switch Authentication to Access Token (JWT).',
			);
		}
		headers.apikey = apiKey;
	}
	return { ...requestOptions, headers };
}

export class TratoApi implements ICredentialType {
	name = 'tratoApi';

	displayName = 'TRATO API';

	icon: Icon = {
		light: 'file:trato.svg',
		dark: 'file:trato.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-trato/n8n-nodes-trato/blob/main/README.md#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://api.your-esign-tenant.com',
			description:
				"Address of your account's e-signature API, as given by the service, without /api at the end",
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{
					name: 'API Key',
					value: 'apiKey',
					description: 'Sent in the "apikey" header',
				},
				{
					name: 'Access Token (JWT)',
					value: 'accessToken',
					description: 'Sent as "Authorization: Bearer &lt;token&gt;"',
				},
			],
			default: 'apiKey',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authentication: ['apiKey'] } },
			description: 'API key of your account. It is sent only to the Base URL above.',
		},
		{
			displayName: 'Access Token (JWT)',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authentication: ['accessToken'] } },
			description:
				'JWT access token of your account, without the "Bearer " prefix. It is sent only to the Base URL above.',
		},
	];

	authenticate: IAuthenticate = authenticateRequest;

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ String($credentials.baseUrl).trim().replace(/\\/+$/, "") }}',
			url: '/api/authentication',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The API key or token was refused. Check that it is complete and still valid.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The API key or token was refused for this account (403 Forbidden).',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'No e-signature API answered at this Base URL (404). Check the address; it must not end with /api.',
				},
			},
		],
	};
}
