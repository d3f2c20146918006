import type { CompatCall } from '../common/compat-context';
import { CompatRefusal } from '../common/compat-error';
import type { CompatParams } from '../common/params';
import { positiveInt } from '../common/params';

type Call = CompatCall<CompatParams>;

/** The caller's activation named by `id` (or `activationId`), else NO_ACTIVATION, as the documents say. */
async function ownedOrRefused(call: Call) {
  const id = positiveInt(call.params.id ?? call.params.activationId);
  const view = id === null ? null : await call.deps.activations.ownedBy(call.user.id, id);
  if (!view) throw new CompatRefusal('NO_ACTIVATION');
  return view;
}

/**
 * Actions published clients call for things Jiema does not sell (multi-service numbers, extra and
 * forwarding services, voice and call verification, QIWI top-ups): each answers the error sms-activate
 * documents for "not possible here" (the official Python and Java clients know every one of them),
 * never BAD_ACTION, which those clients report as a broken request.
 */
export const notOfferedActions = {
  /** One number for several services: none on sale (the documented getNumber answer). */
  async getMultiServiceNumber(_call: Call) {
    return 'NO_NUMBERS';
  },
  /** A forwarding service added to an activation: only forwarding activations may have one, and none here do. */
  async getAdditionalService(_call: Call) {
    return 'WRONG_ADDITIONAL_SERVICE';
  },
  /** The same number again for another service after a success. */
  async getExtraActivation(_call: Call) {
    return 'RENEW_ACTIVATION_NOT_AVAILABLE';
  },
  async checkExtraActivation(_call: Call) {
    return 'RENEW_ACTIVATION_NOT_AVAILABLE';
  },
  /** Call verification: the activation exists but was not bought as one. */
  async getIncomingCallStatus(call: Call) {
    await ownedOrRefused(call);
    return 'NOT_INCOMING';
  },
  /** Voice-code parsing: there is no call to parse. */
  async parseCall(call: Call) {
    await ownedOrRefused(call);
    return 'NO_CALL';
  },
  /** `{"status":"FALSE",...}`: "acceptance of QIWI payments is not possible" (the Java client's own enum). */
  async getQiwiRequisites(_call: Call) {
    return { status: 'FALSE', wallet: 0, comment: '', upToDate: '' };
  },
};
