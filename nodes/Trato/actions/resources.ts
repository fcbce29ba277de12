import * as confidentialAttachment from './confidentialAttachment';
import * as contract from './contract';
import * as customProperty from './customProperty';
import * as participant from './participant';
import * as signingLink from './signingLink';
import * as spectator from './spectator';
import * as template from './template';
import * as variable from './variable';

/** Every resource with its operations; the router dispatches through this table. */
export const RESOURCES = {
	contract,
	template,
	signingLink,
	participant,
	variable,
	confidentialAttachment,
	customProperty,
	spectator,
};
