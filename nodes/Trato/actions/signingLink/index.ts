import { resourceOperations } from '../resourceOperations';
import * as renew from './renew.operation';

/** The resource's operations: its Operation menu, its fields and the router's map are built from this list. */
export const { operations, description } = resourceOperations('signingLink', 'renew', [renew]);
