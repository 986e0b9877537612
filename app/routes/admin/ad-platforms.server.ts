import { answer, intent } from "~/http/intents.server";
import { adConnectSchema, adFileSchema, adPlatformSchema, adResendSchema, adTestSchema } from "~/lib/schemas/ads";
import { connectAdPlatform, disconnectAdPlatform } from "~/server/ads/connections.server";
import { createConversionFileToken, revokeConversionFileToken } from "~/server/ads/conversion-file.server";
import { resendAdConversion } from "~/server/ads/delivery-log.server";
import { testAdConnection } from "~/server/ads/validation.server";
import { AppError } from "~/server/app-error.server";

/** The JSON an operator pastes, or a refusal under the field. */
function parsedConfig(text: string) {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new AppError("INVALID_INPUT", `This is not JSON: ${(error as Error).message}`, { field: "config" });
  }
}

/** The ad platform screen's actions: connect (the same file as ads:connect), disconnect, try, resend. */
export const adPlatformIntents = {
  connect: intent(adConnectSchema, {
    success: "Connected; the credentials are stored encrypted and not shown again",
    run: async ({ platform, config }, { db, actor, services }) => {
      try {
        await connectAdPlatform(db, platform, parsedConfig(config), {
          allowPrivate: services.config.webhookAllowPrivate,
          actor,
        });
      } catch (error) {
        if (error instanceof AppError && !error.field)
          throw new AppError(error.code, error.message, { field: "config" });
        throw error;
      }
    },
  }),
  disconnect: intent(adPlatformSchema, {
    success: "Disconnected; its credentials are deleted",
    run: ({ platform }, { db, actor }) => disconnectAdPlatform(db, platform, actor),
  }),
  test: intent(adTestSchema, {
    run: async ({ platform, testEventCode }, { db, actor, services }) => {
      const tried = await testAdConnection(db, platform, {
        allowPrivate: services.config.webhookAllowPrivate,
        testEventCode,
        actor,
      });
      return answer(tried.result.delivered, {
        payload: {
          test: {
            platform,
            statusCode: tried.result.statusCode,
            error: tried.result.error,
            response: tried.result.responseBody,
          },
        },
      });
    },
    success: (delivered) =>
      delivered ? "The platform accepted the test request" : "The platform refused the test request: see its answer",
  }),
  "file-url": intent(adFileSchema, {
    success: "A new address for the import file; the one before no longer works",
    run: async (_input, { db, actor, services }) => {
      const token = await createConversionFileToken(db, actor);
      return answer(token, { payload: { fileUrl: `${services.config.baseUrl}/ads/google/${token}.csv` } });
    },
  }),
  "file-revoke": intent(adFileSchema, {
    success: "The import file's address is revoked",
    run: (_input, { db, actor }) => revokeConversionFileToken(db, actor),
  }),
  resend: intent(adResendSchema, {
    success: "Queued to be sent again with the same id",
    run: ({ conversionId }, { db, actor }) => resendAdConversion(db, conversionId, actor),
  }),
};
