# Chuhan's interface: English. Every message is here; a language without one falls back to this file.

## menu
menu-game = Game
menu-level = Level
menu-handicap = Handicap
menu-records = Records
menu-language = Language
menu-new-game-red = I play first (Red)
menu-new-game-computer-first = Computer first
menu-new-game-two-players = Two players
menu-quit = Quit
menu-puzzles = Puzzles

## settings
settings-sound-on = Sound: on
settings-sound-off = Sound: off
settings-threads-auto = Master threads: auto ({ $threads })
settings-threads = Master threads: { $threads }
settings-graphics-auto = Graphics: auto
settings-graphics-high = Graphics: high
settings-graphics-low = Graphics: low
settings-pieces-carved = Pieces: carved wood
settings-pieces-plastic = Pieces: plastic
settings-pieces-jade = Pieces: jade
settings-animations-on = Animations: on
settings-animations-off = Animations: off
settings-piece-set-characters = Faces: Chinese characters
settings-piece-set-international = Faces: pictograms (international)
settings-board-wood = Board: wood
settings-board-paper = Board: paper
settings-board-lacquer = Board: lacquer
settings-notation = Notation: { $notation }
settings-notation-auto = auto
settings-notation-chinese = Chinese (simplified)
settings-engine = Engine: { $engine }
settings-engine-builtin = built-in
settings-ui-size-small = UI size: small
settings-ui-size-normal = UI size: normal
settings-ui-size-large = UI size: large
settings-notation-traditional = Chinese (traditional)
settings-notation-vietnamese = Vietnamese
settings-notation-wxf = WXF
settings-notation-iccs = ICCS

## game
game-undo = Undo
game-redo = Redo
game-hint = Hint
game-save-position = Save position
game-restore-position = Restore position
game-check = Check!
game-resign = Resign

## records
records-save = Save record
records-open = Open record
records-save-as-pgn = Save as PGN
records-save-as-xqf = Save as XQF
records-save-as-dhtml = Save as DhtmlXQ
records-open-from-device = Open a file from this device…

## replay
replay-first = First
replay-previous = Previous
replay-next = Next
replay-last = Last
replay-continue-here = Play from here
replay-title = Replay

## view
view-reset = Reset view
view-flat-toggle = 2D / 3D

## move
move-list-title = Moves
move-list-variation = Var
move-list-main-line = Main

## puzzle
puzzle-retry = Retry
puzzle-next = Next puzzle
puzzle-list = Puzzle list
puzzle-goal-mate = mate in { $moves }
puzzle-goal-material = win material
puzzle-tier-beginner = Beginner
puzzle-tier-intermediate = Intermediate
puzzle-tier-advanced = Advanced
puzzle-tier-master = Master
puzzle-tier-rule-beginner = Mate in 1 or 2
puzzle-tier-rule-intermediate = Mate in 3, win material
puzzle-tier-rule-advanced = Mate in 4 or 5
puzzle-tier-rule-master = Mate in 6 or 7
puzzle-cell-red = R
puzzle-cell-black = B
puzzle-title = #{ $id } · { $tier } · { $side } to move, { $goal }
puzzle-your-move = Your move
puzzle-thinking = Thinking…
puzzle-wrong = Not that: try again
puzzle-solved = Solved: { $stars } of 3 stars
puzzle-wrong-notice = Not that move: try again
puzzle-record-event = 残局挑战 { $id }
puzzle-side-red = Red
puzzle-side-black = Black

## dialog
dialog-resume = Your last game was not finished. Resume it?
dialog-resume-yes = Resume
dialog-resume-no = New game
dialog-close = Close
dialog-leave-game = The game is not finished. Leave it?
dialog-leave-yes = Leave
dialog-leave-no = Stay
dialog-accept = Accept
dialog-decline = Decline

## status
status-computer-thinking = computer thinking
status-to-move = { $side } to move
status-rules = { $rules } rules
status-setting-up = Setting up a position
status-online = {" "}· online

## browser
browser-up = Up

## draw
draw-offer = Offer a draw
draw-offered-question = A draw is offered. Accept it?
draw-computer-accepts = The computer accepts the draw
draw-computer-declines = The computer declines the draw
draw-not-now = No draw can be offered now

## analysis
analysis-title = Analysis
analysis-off-in-play = Analysis is off in games against the computer (the settings can allow it)

## review
review-title = Review
review-cancel = Cancel
review-better = Better
review-accuracy = Accuracy
review-mark-brilliant = brilliant
review-mark-good = good
review-mark-inaccuracy = inaccuracy
review-mark-mistake = mistake
review-mark-blunder = blunder
review-nothing-to-review = Review a finished game or an opened record

## clock
clock-untimed = Untimed
clock-menu = Clock
clock-own = Own:
clock-own-more-time = Own: more time
clock-own-less-time = Own: less time
clock-own-more-increment = Own: more increment
clock-own-less-increment = Own: less increment
clock-own-switch-kind = Own: increment / per move
clock-per-move = { $seconds } s a move
clock-fischer = { $control } (min + s)

## side
side-red = Red
side-black = Black

## level
level-idiot = Idiot
level-rookie = Rookie
level-novice = Novice
level-beginner = Beginner
level-amateur = Amateur
level-professional = Professional
level-master = Master

## handicap
handicap-left-horse = left horse
handicap-right-horse = right horse
handicap-two-horses = both horses
handicap-nine-pieces = nine pieces
handicap-player-gives = I give the { $handicap }
handicap-computer-gives = Computer gives the { $handicap }

## rules
rules-menu = Rules: { $rules }
rules-asian = Asian
rules-league = computer league

## outcome
outcome-red-wins = Red wins ({ $reason })
outcome-black-wins = Black wins ({ $reason })
outcome-draw = draw ({ $reason })
outcome-reason-checkmate = checkmate
outcome-reason-stalemate = stalemate: the loser has no legal move
outcome-reason-perpetual-check = the loser checked perpetually
outcome-reason-perpetual-chase = the loser chased perpetually
outcome-reason-check-and-chase = the loser alternated checks and chases
outcome-reason-resignation = resignation
outcome-reason-timeout = the loser ran out of time
outcome-reason-abandoned = the loser left the game
outcome-reason-repetition = repetition
outcome-reason-both-perpetual = repetition: both sides attacked perpetually
outcome-reason-no-capture-limit = 60 moves each without a capture
outcome-reason-no-attacking-pieces = neither side can attack
outcome-reason-agreement = agreement
outcome-reason-timeout-no-material = time ran out, but the other side cannot mate
outcome-reason-abandoned-draw = a player left the game

## notice
notice-position-refused = The position breaks a rule: { $error }
notice-illegal-move = Illegal move: { $move }
notice-nested-too-deep = Variations nest at most { $levels } { $levels ->
        [one] level
       *[other] levels
    } deep
notice-game-over = The game is over
notice-bad-settings = Settings unreadable, using defaults: { $error }
notice-bad-record = Cannot open the record: { $error }
notice-reading = Reading { $name }…
notice-reading-pasted = Reading…
notice-bad-paste = Cannot read what was pasted: { $error }
notice-partly-read = Record opened; { $skipped } { $skipped ->
        [one] part
       *[other] parts
    } could not be read and { $skipped ->
        [one] was
       *[other] were
    } left out: { $first }
notice-write-failed = Cannot save: { $error }
notice-saved = Record saved: { $path }
notice-position-saved = Position saved
notice-nothing-saved = No saved position yet
notice-engine-fallback = The external engine failed; the built-in engine takes over: { $error }
notice-computer-unreachable-retry = The computer's program could not be loaded from the server (the network or the server is down); trying again shortly
notice-computer-unreachable = The computer's program could not be loaded from the server (the network or the server is down)
notice-computer-restarting = The computer's program stopped; starting it again: { $why }
notice-computer-failed = The computer's program stopped; it cannot search this move: { $why }
notice-nothing-to-undo = Nothing to take back
notice-nothing-to-redo = Nothing to play again

## piece
piece-red-king = Red king
piece-black-king = Black king
piece-red-advisor = Red advisor
piece-black-advisor = Black advisor
piece-red-elephant = Red elephant
piece-black-elephant = Black elephant
piece-red-horse = Red horse
piece-black-horse = Black horse
piece-red-rook = Red rook
piece-black-rook = Black rook
piece-red-cannon = Red cannon
piece-black-cannon = Black cannon
piece-red-pawn = Red pawn
piece-black-pawn = Black pawn

## setup
setup-error-missing-king = { $side } has no king
setup-error-too-many-kings = { $side } has more than one king
setup-error-outside-palace = { $piece } on { $square }: outside its palace or off the points it can reach
setup-error-elephant-off-points = the elephant on { $square } stands on a point elephants can never reach
setup-error-pawn-behind-start = the pawn on { $square } stands behind its starting rank
setup-error-pawn-off-file = the pawn on { $square } has not crossed the river but stands off the files a, c, e, g, i
setup-error-too-many-pieces = { $count } × { $piece } on the board; a set has only { $max }
setup-error-opponent-in-check = the side not to move is in check, so its king could be taken
setup-error-kings-facing = the kings face each other on one file with nothing between them

## language
language-name-chinese = 中文
language-name-english = English

## annotate
annotate-no-mark = No mark
annotate-comment = Comment
annotate-delete-move = Delete move
annotate-promote = Make main line

## comment
comment-box-title = Comment (Enter keeps it, Esc cancels)
comment-box-keep = Keep
comment-box-cancel = Cancel

## editor
editor-title = Set up a position
editor-help = Drag pieces from the trays; drag off the board to remove; or click one, then points. Right click or Tab: side to move
editor-start-current = Current
editor-start-standard = Start
editor-start-empty = Empty
editor-toggle-side = Other side
editor-flip = Turn board
editor-undo = Undo
editor-play-red = Play Red
editor-play-black = Play Black
editor-two-players = Two players
editor-computers = Computers
editor-analyse = Analyse
editor-save = Save record
editor-cancel = Cancel
editor-red-to-move = Red to move
editor-black-to-move = Black to move
editor-holding = Holding { $piece } (click points; Esc puts it back)
editor-legal = A legal position: ready to play

## watch
watch-menu = Watch the computer
watch-title = Watching
watch-seat-red = Red: { $who }
watch-seat-black = Black: { $who }
watch-resume = Resume
watch-pause = Pause

## clipboard
clipboard-copy-position = Copy position (FEN)
clipboard-copy-record = Copy record (PGN)
clipboard-paste = Paste position or record
clipboard-copied-position = Position copied (FEN)
clipboard-copied-record = Record copied (PGN)
clipboard-failed = The clipboard is not available: { $error }

## pictures
pictures-export-diagram = Export diagram (PNG)
pictures-export-animation = Export game as GIF

## hint
hint-thinking = Hint…

## online
online-title = Play online
online-placeholder-opponent = player's name
online-placeholder-chat = Say something…
online-rules-asian = Asian rules
online-rules-league = league rules
online-login-intro = Type the server's address (empty: this machine), then log in, register, or play as a guest (guests play casual games only).
online-field-server = Server
online-field-name = Name
online-field-password = Password
online-log-in = Log in
online-register = Register
online-guest = Play as a guest
online-lan-intro = Same network: host a server on this machine and give your friend the address shown; your friend types it as the server and joins as a guest.
online-host = Host on this network
online-hosting = Hosting: your friend connects to { $addresses }
online-stop-hosting = Stop hosting
online-speed-bullet = bullet
online-speed-blitz = blitz
online-speed-rapid = rapid
online-speed-classical = classical
online-lobby-title = Lobby
online-guest-name = { $name } (guest)
online-lobby-counts = { $online } online · { $games } { $games ->
        [one] game
       *[other] games
    } · { $seeks } { $seeks ->
        [one] seek
       *[other] seeks
    }
online-back-to-board = Back to the board
online-log-out = Log out
online-quick-pairing-casual = Quick pairing (casual)
online-quick-pairing-rated = Quick pairing (rated)
online-pool-waiting = { $count } waiting
online-own-seek = Your own seek
online-play-friend = Play a friend
online-challenge = Challenge ({ $time })
online-challenge-help = Type your friend's name: the challenge has the terms above.
online-rated = rated
online-casual = casual
online-color-random = random colour
online-color-red = Red
online-color-black = Black
online-range-any = any opponent
online-range = rating ±{ $range }
online-open-seek = Open the seek
online-challenge-line = { $from } challenges { $to } · { $time }
online-accept = Accept
online-decline = Decline
online-open-seeks = Open seeks ({ $count })
online-sort-time = by time
online-sort-rating = by rating
online-sort-name = by name
online-no-seeks = (none: pick a quick pairing on the left and wait for an opponent)
online-cancel = Cancel
online-register-to-accept = Register to accept
online-accept-seek = Accept
online-outside-range = Outside its range
online-more-seeks = { $more } more
online-games-in-play = Games in play ({ $count })
online-none = (none)
online-game-line = { $red } v { $black } · { $time } · { $plies } { $plies ->
        [one] ply
       *[other] plies
    }
online-watch = Watch
online-lobby-chat = Lobby chat
online-chat-line = { $from }: { $text }
online-aborted = aborted
online-player-gone = (gone)
online-side-red = Red
online-side-black = Black
online-claim-countdown = Your opponent left: you may claim in { $seconds } s
online-rating-change = {" "}· rating { $before } to { $after } ({ $delta })
online-reconnecting = Reconnecting…
online-watching = Watching
online-back-to-lobby = Back to the lobby
online-offer-draw-received = Your opponent offers a draw
online-offer-takeback-received = Your opponent asks to take back
online-offer-rematch-received = Your opponent offers a rematch
online-offer-accept = Accept
online-offer-decline = Decline
online-rematch = Rematch
online-abort = Abort
online-offer-draw = Offer a draw
online-offer-takeback = Takeback
online-resign = Resign
online-claim-win = Claim the win
online-claim-draw = Claim a draw
online-resign-confirm = Resign this game?
online-play-on = Play on
online-chat = Chat
online-unmute = Unmute
online-mute = Mute
online-send = Send
online-link-failed-to-start = { $error }
online-connecting = Connecting to { $address }…
online-cannot-host = Cannot host: { $error }
online-move-not-sent = Move not sent: { $why }
online-reconnecting-attempt = Connection lost; reconnecting… (attempt { $attempt })
online-move-refused = Move refused: { $reason }
online-not-sent-taken-back = { $not-sent }; the move was taken back
online-game-aborted = The game was aborted
online-starting-host = Starting a server on this machine…
online-host-not-in-browser = a browser page cannot host a game
online-type-name = Type your name
online-type-password = Type your password
online-link-unknown-host = There is no server called { $address }: check the address
online-link-refused = Nothing answers at { $address } (connection refused): check that the server runs and the port is right
online-link-timed-out = The server at { $address } does not answer: check your network and try again
online-link-unreachable = Cannot reach the server at { $address }: check the address and your network
online-link-bad-address = { $address } is not a server address (it is host:port, e.g. 127.0.0.1:7878)
online-link-lost = The connection to the server was lost: reconnecting…
online-link-gave-up = The connection was lost and could not be made again in { $seconds } s: log in again later
online-link-internal = The game could not start its network link: restart the game
online-error-protocol-version = The server speaks another protocol version: update the game or try another server
online-error-bad-message = The server did not understand the game's message: update the game
online-error-not-logged-in = Log in first
online-error-already-logged-in = Already logged in: log out first
online-error-bad-credentials = Wrong name or password: check them and try again
online-error-name-taken = That name is taken: choose another
online-error-name-invalid = A name has 2 to 20 letters, digits or Chinese characters
online-error-name-reserved = That name is reserved: choose another
online-error-password-invalid = A password has 8 to 128 characters
online-error-token-invalid = The saved login has expired: log in again
online-error-banned = This account is banned
online-error-rate-limited = Too many tries: wait a minute and try again
online-error-too-many-connections = Too many connections from your address: close other windows and try again
online-error-no-such-seek = That seek was taken or withdrawn
online-error-no-such-challenge = That challenge is gone
online-error-no-such-player = No such player is online
online-error-no-such-game = That game is gone
online-error-not-your-game = That is not your game
online-error-not-your-turn = It is not your turn
online-error-illegal-move = That move breaks the rules
online-error-wrong-ply = That move was out of step: the board now shows the server's game
online-error-game-over = The game is over
online-error-guest-not-allowed = Guests play casual games only: register to play rated games
online-error-bad-seek = The seek's terms are not valid
online-error-cannot-accept = You cannot accept that seek (your own, or your rating is out of its range)
online-error-no-offer = There is no offer to answer
online-error-not-now = That cannot be done now
online-error-chat-invalid = A chat line has 1 to 140 characters
online-error-internal = The server had a problem: try again later
online-not-sent = Not sent: the connection is down
online-server-message = { $message }
online-result-reason = { $result } ({ $reason })
online-needs-network = Online play needs the network, and this device has none now. Playing the computer, puzzles and records work as usual; connect again once the network is back.

## storage
storage-downloaded-instead = the record was handed to the browser as a download instead
storage-no-storage = the browser gives this page no storage (private window, or storage turned off)
storage-full = the browser's storage for this page is full
storage-too-big-for-page = more than the page keeps (2 MB)
storage-too-big-end = MB a file of this kind may be
storage-damaged = a damaged entry in the page's storage
storage-refused = the browser refused to store it
storage-too-big = is more than the
storage-no-such-file = no such file
storage-joiner = ;{" "}

## window
window-title = 楚汉 Chuhan

## diagram
diagram-river-left = 楚 河
diagram-river-right = 汉 界
diagram-file-numbers = 九 八 七 六 五 四 三 二 一

## web
web-title = 楚汉 Chuhan
web-loading = Loading…
web-no-webgl2 = This browser has no WebGL2, which the 3D board needs. Please open the page in a recent Chrome, Edge, Firefox or Safari.
web-could-not-start = The game could not start: { $error }

## The start screen
start-back-to-board = Back to the board
start-against-computer = Play the computer
start-two-players = Two players
start-records = Records
start-settings = Settings
start-open = Start screen
start-subtitle = Chinese chess
