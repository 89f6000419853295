// The Q&A guide's text: six sections numbered 0 to 5, held in the translation catalogs (explicit ids, so the
// English text survives edits of the Italian source wording).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface GuideEntryDef {
  question: MessageDescriptor;
  answer: MessageDescriptor;
}

export interface GuideSectionDef {
  title: MessageDescriptor;
  entries: GuideEntryDef[];
}

export const GUIDE_SECTIONS: GuideSectionDef[] = [
  {
    title: msg({ id: 'guide.s0.title', message: 'Introduzione: come usare la guida' }),
    entries: [
      {
        question: msg({ id: 'guide.s0.q1', message: 'A cosa serve questa guida?' }),
        answer: msg({
          id: 'guide.s0.a1',
          message:
            'Raccoglie le risposte alle domande più frequenti su Patrimonio: da dove arrivano i dati, come si calcolano le performance, come si importano movimenti e prezzi, come trattiamo i dati personali e come chiedere assistenza.',
        }),
      },
      {
        question: msg({ id: 'guide.s0.q2', message: 'Come trovo rapidamente una risposta?' }),
        answer: msg({
          id: 'guide.s0.a2',
          message:
            'Scrivi almeno tre caratteri nella casella di ricerca: la guida mostra solo le sezioni che contengono il testo cercato, le apre e ne evidenzia le occorrenze. Cancella la ricerca per tornare all’elenco completo.',
        }),
      },
      {
        question: msg({ id: 'guide.s0.q3', message: 'Posso aprire la guida da qualsiasi pagina?' }),
        answer: msg({
          id: 'guide.s0.a3',
          message:
            'Sì: il collegamento «Guida Q&A» si trova nel piè di pagina di ogni schermata. Per chiuderla premi Esc, usa il pulsante di chiusura o fai clic fuori dal pannello.',
        }),
      },
      {
        question: msg({ id: 'guide.s0.q4', message: 'La guida è disponibile anche in inglese?' }),
        answer: msg({
          id: 'guide.s0.a4',
          message:
            'Sì. La guida segue la lingua scelta con il selettore nella barra in alto: cambiando lingua cambia anche il testo della guida.',
        }),
      },
    ],
  },
  {
    title: msg({ id: 'guide.s1.title', message: 'Fonti dei dati' }),
    entries: [
      {
        question: msg({ id: 'guide.s1.q1', message: 'Da dove provengono i dati dei portafogli finanziari?' }),
        answer: msg({
          id: 'guide.s1.a1',
          message:
            'Saldi, movimenti e posizioni arrivano dalle banche e dagli intermediari depositari attraverso flussi di file periodici, oppure sono caricati dal consulente o dal back office. Ogni conto è collegato al proprio intermediario e alla propria filiale.',
        }),
      },
      {
        question: msg({ id: 'guide.s1.q2', message: 'Da dove provengono i prezzi dei titoli?' }),
        answer: msg({
          id: 'guide.s1.a2',
          message:
            'I prezzi di mercato sono acquisiti per ciascun codice ISIN dai listini di riferimento e possono essere integrati con file di prezzi. Se manca un prezzo aggiornato si usa l’ultimo disponibile; le obbligazioni sono quotate per 100 di valore nominale.',
        }),
      },
      {
        question: msg({ id: 'guide.s1.q3', message: 'E i beni non finanziari?' }),
        answer: msg({
          id: 'guide.s1.a3',
          message:
            'Immobili, partecipazioni in società, beni d’arte e di lusso, flussi del capitale umano e obiettivi sono inseriti dal cliente o dal consulente insieme alle loro valutazioni. Il valore mostrato è quello dell’ultima valutazione registrata.',
        }),
      },
      {
        question: msg({ id: 'guide.s1.q4', message: 'Ogni quanto sono aggiornati i dati?' }),
        answer: msg({
          id: 'guide.s1.a4',
          message:
            'I portafogli sono valorizzati ogni giorno di calendario, a fine giornata. I nuovi movimenti diventano visibili dopo l’importazione e, quando previsto, dopo l’approvazione nel middle office.',
        }),
      },
    ],
  },
  {
    title: msg({ id: 'guide.s2.title', message: 'Calcolo delle performance' }),
    entries: [
      {
        question: msg({ id: 'guide.s2.q1', message: 'Che cos’è il rendimento TWR?' }),
        answer: msg({
          id: 'guide.s2.a1',
          message:
            'Il TWR (time-weighted return, rendimento ponderato per il tempo) misura quanto ha reso l’investimento indipendentemente da quando e quanto denaro è stato versato o prelevato. È l’indicatore adatto a valutare le scelte di gestione.',
        }),
      },
      {
        question: msg({ id: 'guide.s2.q2', message: 'Come si calcola il TWR giorno per giorno?' }),
        answer: msg({
          id: 'guide.s2.a2',
          message:
            'Per ogni giorno il rendimento è pari al valore di fine giornata più i prelievi del giorno, diviso per il valore del giorno precedente più i versamenti del giorno, meno uno: i versamenti contano dall’inizio della giornata, i prelievi dalla fine. I rendimenti giornalieri vengono poi concatenati: il rendimento del periodo è il prodotto di (1 + rendimento giornaliero), meno uno.',
        }),
      },
      {
        question: msg({ id: 'guide.s2.q3', message: 'Che cos’è il rendimento MWR?' }),
        answer: msg({
          id: 'guide.s2.a3',
          message:
            'Il MWR (money-weighted return, rendimento ponderato per il denaro) tiene conto dell’importo e del momento di ogni versamento e prelievo. È il tasso interno di rendimento (XIRR) del valore iniziale, dei flussi del periodo e del valore finale, calcolato sui giorni effettivi su base 365: misura il risultato ottenuto dal cliente con i propri tempi di investimento.',
        }),
      },
      {
        question: msg({ id: 'guide.s2.q4', message: 'Perché TWR e MWR possono essere diversi?' }),
        answer: msg({
          id: 'guide.s2.a4',
          message:
            'Se si versa denaro poco prima di un rialzo il MWR risulta più alto del TWR; se lo si versa poco prima di un ribasso risulta più basso. Senza versamenti né prelievi nel periodo i due valori coincidono.',
        }),
      },
      {
        question: msg({ id: 'guide.s2.q5', message: 'Commissioni e tasse riducono la performance?' }),
        answer: msg({
          id: 'guide.s2.a5',
          message:
            'Sì. Commissioni, tasse, cedole e dividendi non sono flussi esterni: restano nel portafoglio o ne escono come costi. Per questo la performance mostrata è il rendimento complessivo al netto dei costi.',
        }),
      },
    ],
  },
  {
    title: msg({ id: 'guide.s3.title', message: 'Importazione dei dati' }),
    entries: [
      {
        question: msg({ id: 'guide.s3.q1', message: 'Come importo i movimenti di un conto?' }),
        answer: msg({
          id: 'guide.s3.a1',
          message:
            'Dalla pagina del conto scegli il caricamento dei movimenti e seleziona un file nel formato del modello fornito. Ogni riga indica data, causale (ad esempio acquisto, vendita, versamento, cedola o commissione), strumento, quantità, prezzo e importo.',
        }),
      },
      {
        question: msg({ id: 'guide.s3.q2', message: 'Che cosa succede se il file contiene errori?' }),
        answer: msg({
          id: 'guide.s3.a2',
          message:
            'Il file viene controllato prima di essere registrato. Se una riga non è valida l’importazione viene rifiutata per intero, con l’indicazione delle righe da correggere, e nessun dato resta salvato a metà.',
        }),
      },
      {
        question: msg({ id: 'guide.s3.q3', message: 'Quali file posso caricare?' }),
        answer: msg({
          id: 'guide.s3.a3',
          message:
            'Un solo file per volta, di dimensione massima 15 MB. I file sono verificati nel contenuto, non soltanto nell’estensione del nome.',
        }),
      },
      {
        question: msg({ id: 'guide.s3.q4', message: 'Come si aggiornano i prezzi?' }),
        answer: msg({
          id: 'guide.s3.a4',
          message:
            'I prezzi degli strumenti quotati si aggiornano automaticamente. Per gli strumenti non quotati puoi caricare un file di prezzi o inserire una valutazione manuale: il nuovo prezzo vale dal giorno indicato in poi.',
        }),
      },
      {
        question: msg({ id: 'guide.s3.q5', message: 'Perché un movimento è «In attesa»?' }),
        answer: msg({
          id: 'guide.s3.a5',
          message:
            'I movimenti che non arrivano dalla mano del consulente (un file importato dal back office, i flussi della banca, l’open banking o un movimento inserito dal cliente) restano in attesa e fuori da ogni calcolo finché il middle office non li approva nella pagina Movimenti in attesa. Prima di approvarli si possono correggere causale, strumento e conto; un movimento rifiutato resta visibile con il motivo del rifiuto.',
        }),
      },
    ],
  },
  {
    title: msg({ id: 'guide.s4.title', message: 'Privacy' }),
    entries: [
      {
        question: msg({ id: 'guide.s4.q1', message: 'Chi può vedere i miei dati?' }),
        answer: msg({
          id: 'guide.s4.a1',
          message:
            'Solo tu, il consulente che ti segue e i suoi delegati autorizzati. Il personale di back office e gli amministratori della piattaforma accedono ai dati solo per assistenza, controllo e manutenzione, e ogni modifica viene registrata.',
        }),
      },
      {
        question: msg({ id: 'guide.s4.q2', message: 'Come sono protetti i dati?' }),
        answer: msg({
          id: 'guide.s4.a2',
          message:
            'Le comunicazioni sono cifrate, l’accesso richiede un’autenticazione personale e la sessione scade dopo un periodo di inattività. I dati sono conservati in data center situati nell’Unione europea.',
        }),
      },
      {
        question: msg({ id: 'guide.s4.q3', message: 'Quali diritti ho sui miei dati personali?' }),
        answer: msg({
          id: 'guide.s4.a3',
          message:
            'Puoi chiedere in ogni momento l’accesso, la rettifica, la cancellazione, la limitazione del trattamento e la portabilità dei tuoi dati, oppure opporti al trattamento, come previsto dal Regolamento (UE) 2016/679 (GDPR). I dettagli sono nell’informativa privacy raggiungibile dal piè di pagina.',
        }),
      },
      {
        question: msg({ id: 'guide.s4.q4', message: 'I dati vengono ceduti a terzi?' }),
        answer: msg({
          id: 'guide.s4.a4',
          message:
            'No. I dati non sono venduti né usati per il marketing di terzi: sono comunicati solo ai fornitori che ci aiutano a erogare il servizio, vincolati per contratto, o alle autorità quando la legge lo richiede.',
        }),
      },
    ],
  },
  {
    title: msg({ id: 'guide.s5.title', message: 'Assistenza' }),
    entries: [
      {
        question: msg({ id: 'guide.s5.q1', message: 'Come apro una richiesta di assistenza?' }),
        answer: msg({
          id: 'guide.s5.a1',
          message:
            'Usa la voce «Segnala un ticket» nel menu utente o nel piè di pagina: descrivi il problema, indica la pagina in cui si è verificato e, se utile, allega uno screenshot.',
        }),
      },
      {
        question: msg({ id: 'guide.s5.q2', message: 'Quali informazioni aiutano a risolvere prima il problema?' }),
        answer: msg({
          id: 'guide.s5.a2',
          message:
            'Il cliente o il portafoglio interessato, la data dei dati visualizzati, i passaggi che hai seguito e l’eventuale messaggio di errore. Indica anche la versione riportata nel piè di pagina.',
        }),
      },
      {
        question: msg({ id: 'guide.s5.q3', message: 'In quanto tempo riceverò una risposta?' }),
        answer: msg({
          id: 'guide.s5.a3',
          message:
            'Le richieste sono prese in carico nei giorni lavorativi, di norma entro un giorno lavorativo. Puoi seguire lo stato del ticket dalla stessa pagina.',
        }),
      },
      {
        question: msg({ id: 'guide.s5.q4', message: 'Ho un dubbio su un dato o su un movimento: a chi mi rivolgo?' }),
        answer: msg({
          id: 'guide.s5.a4',
          message:
            'Se sei un cliente contatta prima il tuo consulente, che conosce il tuo portafoglio e può verificare i movimenti con l’intermediario. Per i problemi tecnici della piattaforma apri un ticket.',
        }),
      },
    ],
  },
];
