// Polish: the product's default messages (see default-templates.ts for the format).
import type { DefaultTemplates } from "../default-templates.ts";

// Impersonal forms ("prosimy", "zapraszamy") or Pana/Pani, never the informal "ty"; minutes and
// counts after a colon or as "min" so the number never has to agree with a noun.
export const pl: DefaultTemplates = {
  joined: {
    email: {
      subject: "Potwierdzenie miejsca w kolejce – {location}",
      body: "Dzień dobry, {first_name},\n\nmiejsce w kolejce do usługi {service} w placówce {location} zostało potwierdzone. Numer biletu: {ticket}. Numer w kolejce: {position}. Szacowany czas oczekiwania: {wait}.\n\n{instructions}\n\nPowiadomimy, gdy kolej będzie się zbliżać, i ponownie, gdy nadejdzie.\n\n[Podgląd lub zmiana miejsca w kolejce]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: bilet {ticket}, numer w kolejce w {location}: {position}. Szacowany czas oczekiwania: {wait}. Powiadomimy SMS-em, gdy nadejdzie kolej. Zmiana lub rezygnacja: {manage_link}",
    },
  },
  curbside_arrival_prompt: {
    sms: {
      subject: null,
      body: "{vendor}: po przyjeździe do {location} po odbiór zamówienia prosimy odpowiedzieć HERE – przyniesiemy je do samochodu.",
    },
  },
  almost_turn: {
    email: {
      subject: "Zbliża się kolej na obsługę – {location}",
      body: "Dzień dobry, {first_name},\n\nw placówce {location} zbliża się kolej na obsługę. Osób w kolejce przed Panem/Panią: {ahead}, szacowany czas oczekiwania: {wait}. Prosimy o gotowość.\n\n[Podgląd miejsca w kolejce]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: zbliża się kolej na obsługę w {location} (osób przed: {ahead}, czas: {wait}). Prosimy o gotowość. {manage_link}",
    },
  },
  called_in_person: {
    email: {
      subject: "Nadeszła kolej na obsługę – {location}",
      body: "Dzień dobry, {first_name},\n\nnadeszła kolej na obsługę. Zapraszamy do stanowiska {desk}, gdzie czeka {staff_name}. Numer biletu: {ticket}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: nadeszła kolej na obsługę (bilet {ticket}). Zapraszamy do stanowiska {desk} w {location}.",
    },
  },
  called_phone: {
    email: {
      subject: "Właśnie dzwonimy",
      body: "Dzień dobry, {first_name},\n\nnadeszła kolej na rozmowę: {staff_name} z placówki {location} dzwoni teraz pod numer {phone}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: nadeszła kolej na rozmowę. {staff_name} z placówki {location} właśnie dzwoni.",
    },
  },
  called_video: {
    email: {
      subject: "Rozmowa wideo jest gotowa",
      body: "Dzień dobry, {first_name},\n\nnadeszła kolej na rozmowę: {staff_name} z placówki {location} czeka na rozmowie wideo.\n\n[Dołącz do rozmowy]({meeting_link})\n\nMożna też połączyć się telefonicznie: {dial_in}, PIN {dial_in_pin}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: nadeszła kolej na rozmowę. Wideo: {meeting_link}\nTelefon: {dial_in} PIN {dial_in_pin}",
    },
  },
  called_curbside: {
    email: {
      subject: "Przynosimy zamówienie",
      body: "Dzień dobry, {first_name},\n\nnadeszła kolej na odbiór: właśnie przynosimy zamówienie do samochodu przy placówce {location}.",
    },
    sms: {
      subject: null,
      body: "{vendor}: nadeszła kolej na odbiór. Właśnie przynosimy zamówienie do samochodu.",
    },
  },
  returned: {
    email: {
      subject: "Przywrócone miejsce w kolejce – {location}",
      body: "Dzień dobry, {first_name},\n\nmiejsce w kolejce w placówce {location} zostało przywrócone. Powiadomimy, gdy ponownie nadejdzie kolej na obsługę.\n\n[Podgląd miejsca w kolejce]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: miejsce w kolejce w {location} jest znowu aktywne. Powiadomimy SMS-em, gdy nadejdzie kolej. {manage_link}",
    },
  },
  cancelled: {
    email: {
      subject: "Anulowane miejsce w kolejce – {location}",
      body: "Dzień dobry, {first_name},\n\nmiejsce w kolejce w placówce {location} zostało anulowane. Zapraszamy do ponownego zapisu w dowolnym momencie.\n\n[Ponowny zapis do kolejki]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: anulowano miejsce w kolejce w {location}. Ponowny zapis: {book_link}",
    },
  },
  no_show: {
    email: {
      subject: "Zwolnione miejsce w kolejce – {location}",
      body: "Dzień dobry, {first_name},\n\nw placówce {location} nadeszła kolej na obsługę, ale nie udało się nawiązać kontaktu, dlatego miejsce w kolejce zostało zwolnione. Zapraszamy do ponownego zapisu.\n\n[Ponowny zapis do kolejki]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: nie udało się nawiązać kontaktu przy wywołaniu, więc miejsce w kolejce w {location} zostało zwolnione. Ponowny zapis: {book_link}",
    },
  },
  completed: {
    email: {
      subject: "Dziękujemy za wizytę w placówce {location}",
      body: "Dzień dobry, {first_name},\n\ndziękujemy za wizytę w placówce {location}. Chętnie poznamy opinię o obsłudze.\n\n[Podziel się opinią]({feedback_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: dziękujemy za wizytę w {location}. Prosimy o opinię: {feedback_link}",
    },
  },
  cancel_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: potwierdzamy anulowanie miejsca w kolejce w {location}. Ponowny zapis: {book_link}",
    },
  },
  arrival_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: dziękujemy, przyjazd odnotowany. Przyniesiemy zamówienie, gdy tylko nadejdzie kolej.",
    },
  },
  reply_help: {
    sms: {
      subject: null,
      body: "{vendor}: prosimy odpowiedzieć: CANCEL – rezygnacja z kolejki, HERE – po przyjeździe, STOP – koniec SMS-ów.",
    },
  },
  stop_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: nie będziemy już wysyłać SMS-ów. Aby znów je otrzymywać, prosimy odpowiedzieć START.",
    },
  },
  start_confirmed: {
    sms: {
      subject: null,
      body: "{vendor}: SMS-y zostały ponownie włączone. Aby je wyłączyć, prosimy odpowiedzieć STOP, a w razie pytań – HELP.",
    },
  },
  appointment_booked: {
    email: {
      subject: "Wizyta w placówce {location}: {date}, {time}",
      body: "Dzień dobry, {first_name},\n\nwizyta została zarezerwowana: {service} w placówce {location}, {date}, godz. {time}.\n\nForma: {meeting_method}\n\nAdres: {location_address}\n\nObsługuje: {staff_name}\n\nKod potwierdzenia: {code}. Wizyta jest załączona jako plik kalendarza.\n\n[Zobacz, przełóż lub odwołaj wizytę]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: zarezerwowano wizytę ({service}) w {location} na {date}, {time}. Kod {code}. Szczegóły i zmiany: {manage_link}",
    },
  },
  appointment_rescheduled: {
    email: {
      subject: "Wizyta w placówce {location} przełożona na {date}, {time}",
      body: "Dzień dobry, {first_name},\n\nwizyta ({service}) w placówce {location} została przełożona. Nowy termin: {date}, godz. {time}.\n\nForma: {meeting_method}\n\nAdres: {location_address}\n\nObsługuje: {staff_name}\n\nKod potwierdzenia: {code}. W załączniku jest zaktualizowany plik kalendarza, który zastępuje poprzedni.\n\n[Zobacz, przełóż lub odwołaj wizytę]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: wizytę w {location} przełożono na {date}, {time}. Szczegóły i zmiany: {manage_link}",
    },
  },
  appointment_cancelled: {
    email: {
      subject: "Wizyta w placówce {location} w dniu {date} została odwołana",
      body: "Dzień dobry, {first_name},\n\nwizyta ({service}) w placówce {location} w dniu {date}, godz. {time}, została odwołana.\n\nZałączony plik kalendarza usuwa ją z kalendarza.\n\n[Zarezerwuj ponownie]({book_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: odwołano wizytę w {location} w dniu {date}, {time}. Nowa rezerwacja: {book_link}",
    },
  },
  appointment_reminder: {
    email: {
      subject: "Przypomnienie: wizyta w {location}, {date}, {time}",
      body: "Dzień dobry, {first_name},\n\nprzypominamy o wizycie: {service} w {location}, {date}, godz. {time}.\n\nForma: {meeting_method}\n\nGdzie: {location_address}\n\nZ: {staff_name}\n\nTwój numer potwierdzenia: {code}.\n\n[Zobacz, przenieś lub odwołaj wizytę]({manage_link})",
    },
    sms: {
      subject: null,
      body: "{vendor}: przypomnienie o wizycie ({service}) w {location}, {date}, {time}. Zobacz lub zmień: {manage_link}",
    },
  },
  password_reset: {
    email: {
      subject: "Reset hasła do konta {vendor}",
      body: "Dzień dobry, {first_name},\n\notrzymaliśmy prośbę o zresetowanie hasła do konta w {vendor}. Jeśli to Pana/Pani prośba, prosimy ustawić nowe hasło w ciągu {expires_minutes} min.\n\n[Ustaw nowe hasło]({reset_link})\n\nJeśli nie, prosimy zignorować tę wiadomość – hasło pozostanie bez zmian.",
    },
  },
  invitation: {
    email: {
      subject: "Zaproszenie do {vendor}",
      body: "Dzień dobry, {first_name},\n\n{invited_by} zaprasza do panelu administracyjnego {vendor}. Aby rozpocząć, prosimy ustawić hasło w ciągu {expires_days} dni.\n\n[Ustaw hasło]({invite_link})",
    },
  },
  sign_in_failures: {
    email: {
      subject: "Nieudane logowania do konta {vendor}",
      body: "Dzień dobry, {first_name},\n\nodnotowaliśmy nieudane próby logowania do konta w {vendor} (liczba prób: {failures}). Jeśli nie były to Pana/Pani próby, prosimy od razu ustawić nowe hasło.\n\n[Ustaw nowe hasło]({reset_link})",
    },
  },
  long_wait_alert: {
    email: {
      subject: "{visitor_name} czeka już {waited_minutes} min w placówce {location}",
      body: "Dzień dobry, {first_name},\n\n{visitor_name} czeka już {waited_minutes} min w placówce {location}.\n\n[Otwórz poczekalnię]({lobby_link})",
    },
  },
};
