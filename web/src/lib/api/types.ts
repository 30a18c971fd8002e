import type { operations, paths } from './schema';

/**
 * Names for the shapes the screens use, each read from the generated OpenAPI types (schema.d.ts,
 * `npm run api:types`), so nothing in the web app restates what the server sends.
 */

type Ok<R> = R extends { 200: infer A } ? A : R extends { 201: infer A } ? A : R extends { 202: infer A } ? A : never;
type JsonOf<A> = A extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of an operation's success answer. */
export type AnswerOf<Op extends keyof operations> = JsonOf<Ok<operations[Op]['responses']>>;
/** The JSON body an operation takes. */
export type BodyOf<Op extends keyof operations> = operations[Op] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** The multipart fields an operation takes (files as the generated type says: strings of binary). */
export type FormOf<Op extends keyof operations> = operations[Op] extends { requestBody?: { content: { 'multipart/form-data': infer B } } } ? B : never;

export type ApiPaths = paths;

export type AuthResponse = AnswerOf<'postApiProfileLogin'>;
export type LoginInput = BodyOf<'postApiProfileLogin'>;
export type RegisterInput = BodyOf<'postApiRegister'>;
export type SignupInfo = AnswerOf<'getApiSignupInfo'>;
export type AppInfo = AnswerOf<'getApiAppInfo'>;
export type SelfUser = AnswerOf<'getApiGetUser'>;
export type PublicUser = AnswerOf<'getApiGetUserById'>;
export type Pin = AnswerOf<'getApiPinsById'>;
export type PinImage = Pin['images'][number];
export type PinReactions = NonNullable<Pin['reactions']>;
/** With bbox and zoom the map's answer is { items, truncated } (without, the spec's bare list). */
export type MapResponse = Extract<AnswerOf<'getApiQueryMapPins'>, { items: unknown }>;
export type MapItem = MapResponse['items'][number];
export type PlaceSearchResult = AnswerOf<'getApiPlacesSearch'>[number];
export type ReverseResult = AnswerOf<'getApiPlacesReverse'>;
export type Comment = AnswerOf<'postApiPinsByIdComments'>;
export type Notification = AnswerOf<'getApiNotifications'>[number];
export type Circle = AnswerOf<'postApiCircles'>;
export type Trip = AnswerOf<'getApiTripsById'>;
export type TripSummary = AnswerOf<'getApiTrips'>[number];
export type World = AnswerOf<'getApiWorld'>;
export type ShareLink = AnswerOf<'postApiPinsByIdShare'>;
export type ShareLinkStatus = AnswerOf<'getApiPinsByIdShare'>;
export type SessionInfo = AnswerOf<'getApiSessions'>[number];
export type AdminUser = AnswerOf<'getApiAdminUsers'>[number];
export type AdminUserPatch = BodyOf<'patchApiAdminUsersById'>;
export type AdminStats = AnswerOf<'getApiAdminStats'>;
export type AdminSettings = AnswerOf<'getApiAdminSettings'>;
export type Invite = AnswerOf<'postApiAdminInvites'>;
export type InviteRequest = BodyOf<'postApiAdminInvites'>;
export type ResetLink = AnswerOf<'postApiAdminUsersByIdResetLink'>;
