import type { INodeProperties } from 'n8n-workflow';

import { recordLocator } from './fieldBuilders';

/** Custom properties of a contract (spec 4.20). */

export const propertyIdLocator: INodeProperties = recordLocator({
	displayName: 'Custom Property',
	name: 'propertyId',
	description: 'A custom property of the chosen contract',
	noun: 'property',
	searchListMethod: 'searchCustomProperties',
	idPlaceholder: 'e.g. 65f1c0d2a4b8e91f2c3d4e61',
});
