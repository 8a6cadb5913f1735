// What booking needs only once the visitor books: the document's builder and the request, with the
// reading of a 409's nearest times. Its own chunk, fetched once the details step is idle or when
// the visitor presses "Book appointment" (as the queue form's join request).
export { bookAppointment, nearestSlots } from "../../api/booking/book-appointment.ts";
export { bookingDocument } from "./booking-document.ts";
