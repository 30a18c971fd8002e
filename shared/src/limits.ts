/** Every number the product depends on, in one place (docs/product.md §9, docs/design.md §5–6). */
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 6,
  passwordMax: 128,
  emailMax: 254,
  nameMax: 50,
  titleMax: 100,
  descriptionMax: 2000,
  locationNameMax: 200,
  tagsMax: 50,
  /** The web app's feed page; it always sends it as `limit`. */
  feedPageDefault: 20,
  feedPageMax: 100,
  /**
   * A feed request without `limit`: the original client asks once for "all visible pins" and
   * never follows Link, so it gets the newest 200 (docs/design.md §9).
   */
  feedUnpaged: 200,
  /** The web app's page of the Add Friend list. */
  usersPageDefault: 50,
  /** Also what a request without a limit gets: the spec's client asks once and searches the list itself. */
  usersPageMax: 1000,
  mapPinsDefault: 500,
  mapPinsMax: 2000,
  placesSearchDefault: 5,
  placesSearchMax: 10,
  uploadBytes: 15 * 1024 * 1024,
  /** Photos of one memory (docs/design.md §12): picked at once or added later. */
  photosPerMemory: 10,
  /** Text fields in one multipart upload (create, update, profile picture, account). */
  uploadFields: 20,
  /** Photo uploads one user may have in progress at once; more wait for a 429 to pass. */
  uploadsInFlightPerUser: 4,
  imageLongestSide: 2048,
  thumbnailLongestSide: 320,
  /** A memory's photo as a card or popup shows it on a phone at 2x–3x (docs/design.md §12): between the thumbnail and the full size. */
  displayLongestSide: 1080,
  /** Pixel limit against decompression bombs: ~100 megapixels. */
  imageMaxPixels: 100_000_000,
  /** When a memory happened: not before this year, at most this far ahead of now (docs/design.md §12). */
  happenedAtEarliestYear: 1900,
  happenedAtMaxAheadMs: 24 * 60 * 60 * 1000,
  /** Search text (memories and places alike). */
  searchTextMax: 200,
  /** Circles (docs/design.md §17). */
  circleNameMax: 40,
  circlesPerUser: 50,
  circleMembersMax: 500,
  /** Comments (docs/design.md §14): characters of one, and a page of a thread or of notifications. */
  commentMax: 1000,
  commentsPageDefault: 50,
  commentsPageMax: 100,
  /** People one comment may notify by @username. */
  mentionsPerComment: 10,
  /** Trips (docs/design.md §15). */
  tripTitleMax: 100,
  tripMemoriesMax: 500,
  tripsPerUser: 1000,
  /** A GPX file, and the most points of the route kept from it (simplified down to this). */
  trackBytes: 10 * 1024 * 1024,
  trackPointsMax: 2000,
  /** The most points read from one GPX file (a day of one point a second is 86,400). */
  trackPointsRead: 300_000,
} as const;

/** What every multipart upload answers when it breaks a limit (one reader serves them all). */
export const UPLOAD_MESSAGES = {
  fileTooLarge: `The file is too large (at most ${LIMITS.uploadBytes / (1024 * 1024)} MB)`,
  oneFile: 'Send at most one file',
  tooManyFields: `The form has too many fields (at most ${LIMITS.uploadFields})`,
  tooManyInFlight: `You already have ${LIMITS.uploadsInFlightPerUser} uploads in progress. Wait for one to finish, then try again.`,
  serverBusy: 'The server is busy with other photos right now. Please try again in a few seconds.',
} as const;

/** The special characters docs/product.md §5 accepts in a password. */
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';

/** How long a share link may live (docs/design.md §11), in days. */
export const SHARE_LINK_DAYS = { min: 1, max: 30, default: 7 } as const;
