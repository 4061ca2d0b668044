import { describe, expect, it } from 'vitest';
import { cpuFamilyModel } from '../../source/cli/machine.js';

describe('cpuFamilyModel', () => {
	it("reads the first processor's family and model from /proc/cpuinfo's text", () => {
		const cpuinfo = [
			'processor\t: 0',
			'vendor_id\t: AuthenticAMD',
			'cpu family\t: 26',
			'model\t\t: 2',
			'model name\t: AMD EPYC',
			'',
			'processor\t: 1',
			'cpu family\t: 25',
			'model\t\t: 17',
			'model name\t: AMD EPYC',
		].join('\n');
		expect(cpuFamilyModel(cpuinfo)).toBe('family 26, model 2');
	});

	it('gives null when either line is missing (another system, an unknown layout)', () => {
		expect(cpuFamilyModel('model name\t: AMD EPYC\nmodel\t\t: 2\n')).toBeNull();
		expect(cpuFamilyModel('cpu family\t: 6\nmodel name\t: Intel(R) Xeon(R) Processor\n')).toBeNull();
		expect(cpuFamilyModel('')).toBeNull();
	});
});
