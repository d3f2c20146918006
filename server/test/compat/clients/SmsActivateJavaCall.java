// One call of the official sms-activate Java library ("SMSActivateApi", ru.sms_activate), printed as
// one line of JSON: `java SmsActivateJavaCall <api key> <call> [arguments…]`. The library itself
// comes from a checkout of its public source (see java-client.test.ts); this file is ours.
import com.google.gson.Gson;
import java.util.LinkedHashMap;
import java.util.Map;
import ru.sms_activate.SMSActivateApi;
import ru.sms_activate.client_enums.SMSActivateClientStatus;
import ru.sms_activate.error.base.SMSActivateBaseException;
import ru.sms_activate.error.wrong_parameter.SMSActivateWrongParameterException;
import ru.sms_activate.response.api_activation.SMSActivateActivation;
import ru.sms_activate.response.api_activation.SMSActivateGetStatusResponse;
import ru.sms_activate.response.api_activation.extra.SMSActivateCurrentActivation;

public class SmsActivateJavaCall {
  public static void main(String[] args) {
    SMSActivateApi api = new SMSActivateApi(args[0]);
    Map<String, Object> out = new LinkedHashMap<>();
    try {
      switch (args[1]) {
        case "balance":
          out.put("balance", api.getBalance().toPlainString());
          break;
        case "numbersStatus":
          out.put("count", api.getNumbersStatus(Integer.parseInt(args[2]), null)
            .getSMSActivateServiceInfoByShortName(args[3]).getCountPhoneNumber());
          break;
        case "country":
          out.put("id", api.getCountries().get(Integer.parseInt(args[2])).getId());
          break;
        case "getNumber": {
          SMSActivateActivation activation = api.getNumber(Integer.parseInt(args[2]), args[3]);
          out.put("id", activation.getId());
          out.put("number", String.valueOf(activation.getNumber()));
          break;
        }
        case "getStatus": {
          SMSActivateGetStatusResponse status = api.getStatus(Integer.parseInt(args[2]));
          out.put("status", status.getSMSActivateGetStatus().name());
          out.put("code", status.getCodeFromSMS());
          break;
        }
        case "setStatus":
          out.put("status", api.setStatus(Integer.parseInt(args[2]),
            SMSActivateClientStatus.valueOf(args[3])).getSMSActivateAccessStatus().name());
          break;
        case "fullSms":
          out.put("text", api.getFullSms(Integer.parseInt(args[2])).getText());
          break;
        case "current": {
          java.util.List<Integer> ids = new java.util.ArrayList<>();
          for (SMSActivateCurrentActivation a : api.getCurrentActivations().getCurrentActivationList()) ids.add(a.getId());
          out.put("ids", ids);
          break;
        }
        default:
          throw new IllegalArgumentException("unknown call " + args[1]);
      }
    } catch (SMSActivateWrongParameterException e) {
      out.put("error", "WrongParameter");
      out.put("parameter", e.getWrongParameter() == null ? null : e.getWrongParameter().name());
      out.put("message", e.getEnglishMessage());
    } catch (SMSActivateBaseException e) {
      out.put("error", e.getClass().getSimpleName());
      out.put("type", e.getTypeError() == null ? null : e.getTypeError().name());
      out.put("message", e.getEnglishMessage());
    }
    System.out.println(new Gson().toJson(out));
  }
}
