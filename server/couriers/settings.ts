/** The couriers' keys from the environment (server/config.ts); an absent courier is not offered. */
export type CourierSettings = {
  steadfast?: { apiUrl: string; apiKey: string; secretKey: string; webhookToken?: string };
  pathao?: {
    apiUrl: string;
    clientId: string;
    clientSecret: string;
    storeId: number;
    webhookSecret?: string;
  };
  redx?: { apiUrl: string; token: string; webhookSecret?: string };
  /** Parcel weight sent to couriers that need one. */
  parcelWeightGrams: number;
};
