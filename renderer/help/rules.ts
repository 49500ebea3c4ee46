import type { Text } from '../../engine/core/contract.ts';

/**
 * A short rules card per game, in both languages, condensed from ../shared/rules/ (which the
 * engine follows; the German wording after the source texts in ../shared/seeds/). Where the rules
 * mark an interpretation, the card says so: the setup's house-rule switches change it.
 */
export interface RulesCard {
  /** One sentence: who wins. */
  goal: Text;
  sections: { title: Text; points: Text[] }[];
}

const tx = (de: string, en: string): Text => ({ de, en });

export const RULES: Record<string, RulesCard> = {
  'engel-und-bengel': {
    goal: tx(
      'Wer nach einem Durchgang 500 Punkte oder mehr hat (bei 5 oder 6 Spielern 400), beendet das Spiel; die meisten Punkte gewinnen.',
      'When someone has 500 points or more after a Durchgang (400 with 5 or 6 players), the game ends; most points win.',
    ),
    sections: [
      {
        title: tx('Vorbereitung', 'Setup'),
        points: [
          tx('Die 30 Würfel werden gleichmäßig verteilt (zu viert bleiben 2 in der Schachtel). Jeder beginnt mit 80 Punkten.', 'The 30 dice are dealt evenly (with 4 players 2 stay in the box). Everyone starts with 80 points.'),
          tx('Die Tafeln liegen als Stapel bereit; die oberste wird gespielt.', 'The Tafeln lie in a stack; the top one is played.'),
        ],
      },
      {
        title: tx('Ein Zug', 'A turn'),
        points: [
          tx('Mit 5 eigenen Würfeln würfeln (mit allen, wer weniger hat).', 'Roll 5 of your dice (all of them if you have fewer).'),
          tx('Mindestens einen passenden Würfel legen. In jeder Reihe wird das Kästchen ganz links zuerst belegt; jedes Kästchen verlangt seine Zahl (siehe Zeichen).', 'Place at least one fitting die. In each row the leftmost empty box is filled first; each box asks for its number (see Symbols).'),
          tx('Dann aufhören (die übrigen Würfel gehen zurück in den Vorrat) oder mit den übrigen weiterwürfeln, höchstens 5 Würfe im Zug.', 'Then stop (the other dice go back to your supply) or roll the rest again, at most 5 rolls a turn.'),
          tx('Passt kein Würfel des Wurfs, ist der Zug sofort vorbei.', 'If no die of the roll fits, the turn is over at once.'),
        ],
      },
      {
        title: tx('Wertung', 'Scoring'),
        points: [
          tx('Wer den letzten Würfel einer weißen Reihe legt, bekommt ihre Punkte; bei einer schwarzen Reihe zahlt er sie (nie unter 0).', 'Whoever places the last die of a white row gets its points; of a black row, pays them (never below 0).'),
          tx('Ist die Tafel voll, endet der Durchgang: Würfel neu verteilen, nächste Tafel; der linke Nachbar dessen, der das letzte Kästchen belegt hat, beginnt.', 'When the Tafel is full the Durchgang ends: deal the dice again, next Tafel; the left neighbour of whoever filled the last box begins.'),
        ],
      },
      {
        title: tx('Mit der Tastatur', 'By keyboard'),
        points: [
          tx(
            'Den Wurf als Ziffern tippen (Rücktaste nimmt eine zurück), Eingabe trägt ihn ein. Eine Ziffer wählt den Würfel mit dieser Zahl, der Fokus springt aufs erste Kästchen, in das er darf; Pfeiltasten gehen von Kästchen zu Kästchen (Pos1/Ende: Anfang und Ende der Reihe), Eingabe legt ihn. Eine Ziffer auf einem Kästchen legt einen Würfel dieser Zahl dorthin.',
            'Type the roll as digits (Backspace takes one back), Enter enters it. A digit picks the die showing it and the focus jumps to the first box it may go to; the arrow keys go from box to box (Home/End: the row’s first and last), Enter places it. A digit typed on a box places a die of that number there.',
          ),
        ],
      },
    ],
  },
  'himmel-und-hoelle': {
    goal: tx(
      'Sobald eine Seite 3 Würfel im Ziel hat, endet das Spiel: wer mehr Augen im Ziel hat, gewinnt.',
      'As soon as one side has 3 dice in the goal the game ends: more pips in the goal win.',
    ),
    sections: [
      {
        title: tx('Aufbau', 'Setup'),
        points: [
          tx('Himmel und Hölle haben je 5 Würfel im eigenen Startbereich (meist alle auf 6) und 13 Kampfkarten 0 bis 12. Ziel ist der Startbereich des Gegners.', 'Himmel and Hölle each have 5 dice in their start area (usually all showing 6) and 13 battle cards 0 to 12. The goal is the opponent’s start area.'),
        ],
      },
      {
        title: tx('Ein Zug', 'A turn'),
        points: [
          tx('Aktionspunkte (AP): einer je eigenem Würfel auf dem Plan, mindestens 1; im ersten Zug 1.', 'Action points (AP): one per own die on the board, at least 1; 1 in the first turn.'),
          tx('1 AP: einen Würfel ein Feld waagrecht oder senkrecht ziehen, oder einen Würfel um 1 erhöhen (höchstens 6).', '1 AP: move a die one field across or along, or raise a die by 1 (at most 6).'),
          tx('Freie Bewegung: einen Würfel um k Augen senken und ihn k Felder ziehen, ohne AP (nie unter 1).', 'Free movement: lower a die by k pips and move it k fields, no AP (never below 1).'),
          tx('Ein Würfel zieht nur auf ein leeres Feld; auf ein Feld mit gegnerischem Würfel ist es ein Angriff.', 'A die moves only onto an empty field; onto a field with an enemy die it is an attack.'),
        ],
      },
      {
        title: tx('Kampf', 'Battle'),
        points: [
          tx('Beide wählen verdeckt eine Kampfkarte; Augen + Karte höchstens 13. Stärker ist die höhere Summe, bei Gleichstand die höhere Karte, sonst der Verteidiger.', 'Both pick a battle card, hidden; pips + card at most 13. The higher sum wins, on a tie the higher card, else the defender.'),
          tx('Karten sind verbraucht, außer der 0. Der Sieger +1, der Verlierer −1; der Sieger bekommt einen freien AP.', 'Cards are used up, except the 0. The winner +1, the loser −1; the winner gets a free AP.'),
        ],
      },
    ],
  },
  plus: {
    goal: tx('Wer keinen erlaubten Zug mehr hat, verliert.', 'Whoever has no legal move left loses.'),
    sections: [
      {
        title: tx('Würfel', 'Dice'),
        points: [
          tx('Drei Miwin-Würfel: III (blaue Augen: 1 2 5 6 7 9), IV (rot: 1 3 4 5 8 9), V (schwarz: 2 3 4 6 7 8).', 'Three Miwin dice: III (blue pips: 1 2 5 6 7 9), IV (red: 1 3 4 5 8 9), V (black: 2 3 4 6 7 8).'),
          tx('Ein „Plus“: eine Zahl ist die Summe der beiden anderen. Start: III 1, IV 1, V 2.', 'A “Plus”: one value is the sum of the other two. Start: III 1, IV 1, V 2.'),
        ],
      },
      {
        title: tx('Ein Zug', 'A move'),
        points: [
          tx('Spiel 1: genau einen Würfel auf eine andere seiner Seiten drehen, so dass die Augensumme steigt und wieder ein Plus liegt.', 'Spiel 1: turn exactly one die to another of its faces so that the total rises and a Plus lies again.'),
          tx('Spiel 2: einen oder zwei Würfel drehen; die Summe muss steigen (Hausregel: jeder gedrehte Würfel steigt).', 'Spiel 2: turn one or two dice; the total must rise (house rule: every turned die rises).'),
        ],
      },
    ],
  },
  diabolo: {
    goal: tx('Es gibt so viele Runden wie Spieler; die meisten Punkte gewinnen.', 'There are as many rounds as players; most points win.'),
    sections: [
      {
        title: tx('Eine Runde', 'A round'),
        points: [
          tx('Jeder bekommt 6 Karten und seinen Doppler. Die fünf Himmel + Hölle-Karten liegen untereinander, eine Reihe je Farbe.', 'Everyone gets 6 cards and their Doppler. The five Himmel + Hölle cards lie one below the other, a row per colour.'),
          tx('Im Zug: eine Karte ziehen, dann eine Karte an die Reihe ihrer Farbe legen: links Teufel, rechts Engel. Höchstens 3 je Seite.', 'On your turn: draw a card, then play one next to the row of its colour: left devils, right angels. At most 3 a side.'),
          tx('Eine Reihe mit 5 Karten ist gesperrt. Wer nicht anlegen kann, zeigt die Hand und wirft eine Karte ab.', 'A row with 5 cards is locked. Whoever cannot play shows the hand and discards a card.'),
          tx('Sind 2 Reihen gesperrt (zu fünft 3), endet die Runde sofort.', 'When 2 rows are locked (3 with 5 players) the round ends at once.'),
        ],
      },
      {
        title: tx('Wertung je Farbe', 'Scoring per colour'),
        points: [
          tx('Engel vorn: erst darf jeder seinen Doppler ansagen, dann zeigen alle ihre Karten der Farbe; die höchste Summe bekommt sie als Pluspunkte (mit Doppler doppelt).', 'Angels ahead: first anyone may announce their Doppler, then all show their cards of that colour; the highest sum scores it as plus points (doubled with the Doppler).'),
          tx('Teufel vorn: die höchste Summe bekommt sie als Minuspunkte. Gleichstand der Seiten: keine Wertung.', 'Devils ahead: the highest sum scores it as minus points. Sides equal: no scoring.'),
        ],
      },
    ],
  },
  'himmel-a-und-zwirn': {
    goal: tx('Jede Karte im Misthaufen ist ein Minuspunkt; die wenigsten gewinnen.', 'Every card in your Misthaufen is a minus point; fewest win.'),
    sections: [
      {
        title: tx('Aufbau', 'Setup'),
        points: [
          tx('Jeder hat 5 Karten. Zwei Zielkarten liegen offen, unter jeder ein (leerer) Ablagestapel; der Marker liegt bei der ersten.', 'Everyone holds 5 cards. Two target cards lie face up, each heading an (empty) pile; the marker lies at the first.'),
        ],
      },
      {
        title: tx('Ein Zug', 'A turn'),
        points: [
          tx('Eine Zahlenkarte auf einen Stapel legen: kleiner als seine Zielkarte und größer als seine oberste Karte.', 'Play a number card onto a pile: below its target card and above its top card.'),
          tx('Oder eine Sonderkarte (sie kommt auf den eigenen Misthaufen): Richtungswechsel, Diebstahl, Zielkarte erhöhen.', 'Or a special card (it goes onto your own Misthaufen): reverse, steal, raise a target.'),
          tx('Oder den markierten Stapel samt Zielkarte auf den Misthaufen nehmen (Pflicht, wenn nichts passt); der Marker wandert, eine Handkarte wird die neue Zielkarte.', 'Or take the marked pile with its target onto your Misthaufen (forced when nothing fits); the marker moves, a hand card becomes the new target.'),
          tx('Danach auf 5 Karten nachziehen.', 'Then draw back up to 5 cards.'),
        ],
      },
      {
        title: tx('Ende', 'End'),
        points: [tx('Ist der Nachziehstapel leer, endet das Spiel, sobald wieder jemand den markierten Stapel nimmt.', 'Once the draw pile is empty, the game ends the next time someone takes the marked pile.')],
      },
    ],
  },
};
