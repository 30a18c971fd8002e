/** What other parts of the server may use from the places module. */
export { PLACES_ATTRIBUTION, PLACES_ATTRIBUTION_HTML, getGazetteer, warm } from './gazetteer.ts';
export { createPlacesService, type PlacesService } from './places.service.ts';
export { placesServiceFor } from './places.routes.ts';
