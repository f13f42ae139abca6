"""Português (do Brasil): the words the game (game/) and the rule options
give in English: the reasons for a claim (``claim.r.*``), the bots' reasons
(``bot.*``), the engine's refusals (``engine.*``), the rule options
(``opt.*``, ``group.*``, ``preset.*``, ``target.help.*``, ``level.*.long``)
and why a saved game is refused (``save.*``). ui/lang/en.py derives them from
each module's English; here they are written out, apart from the table's
words (ui/lang/pt.py), which adds them to its catalogue."""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, Any] = {
    # The engine's refusals
    "engine.wrong_time.cut": "É hora de cortar para escolher quem dá as cartas primeiro, não de {doing}.",
    "engine.wrong_time.deal": "É hora de dar as cartas, não de {doing}.",
    "engine.wrong_time.draw": "É hora de ficar com a carta do topo do monte ou descartá-la, não de {doing}.",
    "engine.wrong_time.pass": "É hora de escolher as cartas que vai passar, não de {doing}.",
    "engine.wrong_time.bid": "É hora de dar o lance, não de {doing}.",
    "engine.wrong_time.play": "É hora de jogar uma carta, não de {doing}.",
    "engine.wrong_time.moon": "É hora de escolher como marcar a lua, não de {doing}.",
    "engine.wrong_time.hand_over": "É hora de dar as cartas da próxima mão, não de {doing}.",
    "engine.doing.card": "jogar uma carta",
    "engine.doing.bid": "dar um lance",
    "engine.doing.cut": "cortar",
    "engine.doing.deal": "dar as cartas",
    "engine.doing.keep": "ficar com uma carta",
    "engine.doing.discard": "descartar uma carta",
    "engine.doing.moon": "escolher a pontuação da lua",
    "engine.doing.look": "olhar suas cartas",
    "engine.doing.other": "fazer isso",
    "engine.game_over": "A partida terminou: comece uma nova partida.",
    "engine.twice": "Você tem {card:the} duas vezes: as duas são uma só escolha, oferecida como a carta {other}.",
    "engine.not_held": "Você não tem {card:the}.",
    "engine.already_passing": "Você já escolheu {card:the} para passar.",
    "engine.lead_first": "A primeira vaza deve começar com {card:the}.",
    # "{suit} ainda não foram quebradas" would need the suit's gender (paus, ouros are masculine):
    # the sentence names the suit after "naipe" instead, so it takes no capital.
    "engine.not_broken": "O naipe de {suit} ainda não foi quebrado: comece a vaza com outro naipe.",
    "engine.follow": "Você deve seguir o naipe de {suit}: você tem {card:the}.",
    "engine.no_points_first": ("Nada de pontos na primeira vaza: jogue uma carta que não seja de copas "
                               "nem a dama de espadas."),
    "engine.no_heart_discard": "Você não pode descartar copas antes que uma vaza tenha começado com copas.",
    "engine.cannot_play": "Essa carta não pode ser jogada agora.",
    "engine.looked_already": "Você já olhou suas cartas.",
    "engine.look_first": "Olhe suas cartas antes de dar o lance, ou aposte nulo às cegas.",
    "engine.no_blind_nil": "Nulo às cegas não é permitido nesta partida.",
    "engine.no_blind_nil_2p": ("Nulo às cegas não existe em Espadas para dois jogadores: "
                               "a compra mostra suas cartas."),
    "engine.blind_nil_behind": ("Nulo às cegas só é permitido quando seu lado está perdendo "
                                "por pelo menos {behind} pontos."),
    "engine.blind_nil_before_look": "Nulo às cegas deve ser apostado antes de você olhar suas cartas.",
    "engine.no_nil": "Nulo não é permitido nesta partida: dê um lance de pelo menos 1.",
    "engine.auction_suit": "Em Espadas com leilão, um lance indica um número de vazas e um naipe de trunfo.",
    "engine.no_suit": "Dê como lance só um número de vazas: espadas são sempre trunfo.",
    "engine.partner_room": ("Dê um lance de no máximo {top}: seu parceiro ainda precisa poder dar "
                            "um lance de pelo menos 1."),
    "engine.together": ("Você e seu parceiro podem somar no máximo {total} nos lances: seu parceiro deu {partner}, "
                        "então dê no máximo {top}."),
    "engine.bid_range": "Um lance deve ser de 1 a {total}.",
    # The bots' reasons, shown by the Hint button. A "{why}" is a lower-case part of the sentence
    # (bot.spades.why.*); "{seat}" a seat number. No "de"/"em" before {card:the}: "do", "no" would be needed.
    "bot.only.card": "Jogue {card:the}: a única carta válida.",
    "bot.only.cut": "Corte o baralho: a carta mais alta dá as cartas.",
    "bot.only.deal": "Dê as cartas.",
    "bot.only.choice": "A única opção.",
    "bot.random": "Uma jogada válida ao acaso.",
    "bot.play": "Jogue {card:the}.",
    "bot.hearts.pass.moon": "Passe {card:the}: esta mão pode atirar na lua, então passe as cartas baixas.",
    "bot.hearts.pass.queen": "Passe {card:the}: poucas espadas baixas para escondê-la.",
    "bot.hearts.pass.high_spade": "Passe {card:the}: essa carta pegaria a dama de espadas.",
    "bot.hearts.pass.heart": "Passe {card:the}: cartas altas de copas levam pontos.",
    "bot.hearts.pass.void": "Passe {card:the}: isso ajuda a ficar sem {suit}.",
    "bot.hearts.pass.high": "Passe {card:the}: cartas altas ganham vazas que você não quer.",
    "bot.hearts.pass.stopper": "Passe {card:the}: guarde {stopper_card:the} para impedir uma lua.",
    "bot.hearts.shoot.lead_top": "Atire na lua: comece com {card:the}, a carta mais alta que resta no naipe.",
    "bot.hearts.shoot.lead_back": "Atire na lua: comece com {card:the} para voltar a ter a saída.",
    "bot.hearts.shoot.win": "Atire na lua: ganhe a vaza com {card:the}.",
    "bot.hearts.shoot.keep": "Atire na lua: {card:the} não pode ganhar; guarde as cartas vencedoras.",
    "bot.hearts.follow.stop_moon": ("Impeça a lua: ganhe esta vaza com {card:the} para que {seat} "
                                    "não leve todos os pontos."),
    "bot.hearts.follow.drop_queen": "Solte {card:the} enquanto {best_card:the} vence: ela vai para {seat}.",
    "bot.hearts.follow.first_trick": "Nenhum ponto pode cair na primeira vaza: aproveite para jogar {card:the} agora.",
    "bot.hearts.follow.jack": "Ganhe a vaza com {card:the}: nela está o valete de ouros.",
    "bot.hearts.follow.last_clean": ("Você é o último numa vaza sem pontos: leve-a com {card:the} "
                                     "para se livrar de uma carta alta."),
    "bot.hearts.follow.shed": ("Leve esta vaza sem pontos com {card:the}: quem joga depois de você ainda tem {suit}, "
                               "então ninguém pode descartar pontos; livre-se de uma carta alta enquanto é seguro."),
    "bot.hearts.follow.duck_points": {
        "one": "Jogue por baixo com {card:the}: uma carta mais alta levaria {n} ponto.",
        "other": "Jogue por baixo com {card:the}: uma carta mais alta levaria {n} pontos.",
    },
    "bot.hearts.follow.duck_queen": ("Jogue por baixo com {card:the}: uma espada mais alta poderia pegar "
                                     "a dama de espadas."),
    "bot.hearts.follow.duck": "Jogue por baixo com {card:the}, a carta mais alta que ainda perde para {best_card:the}.",
    "bot.hearts.follow.yours": ("Esta vaza é sua de qualquer jeito: leve-a com {card:the}, sua carta mais alta "
                                "de {suit}."),
    "bot.hearts.follow.later": "Jogue {card:the}: um jogador depois de você ainda pode ganhar esta vaza.",
    "bot.hearts.follow.must_win": ("Você tem que ganhar esta vaza: leve-a com {card:the} e guarde as cartas "
                                   "mais baixas como saídas."),
    "bot.hearts.discard.stop_moon": "Impeça a lua: dê {card:the} a {seat}, não a {threat_seat}.",
    "bot.hearts.discard.keep_hearts": "Guarde suas copas para impedir a lua de {seat}: descarte {card:the}.",
    "bot.hearts.discard.queen": "Descarte {card:the}: você está sem {suit}, e {seat} fica com ela.",
    "bot.hearts.discard.high_spade": "Descarte {card:the}: essa carta poderia pegar a dama de espadas mais tarde.",
    "bot.hearts.discard.heart": "Descarte {card:the}: sem {suit}, dê os pontos a {seat}.",
    "bot.hearts.discard.high": ("Descarte {card:the}: sem {suit}, livre-se da carta com mais chance de ganhar "
                                "uma vaza depois."),
    "bot.hearts.lead.stop_moon": ("Impeça a lua: comece com {card:the}; essa carta ganha e tira uma carta de copas "
                                  "de {seat}."),
    "bot.hearts.lead.stop_moon_void": ("Impeça a lua: comece com {card:the}; {seat} não tem {suit}, então não pode "
                                       "ganhar esta vaza."),
    "bot.hearts.lead.smoke": "Comece com {card:the}: espadas baixas forçam a saída da dama de espadas.",
    "bot.hearts.lead.risky": ("Comece com {card:the}: não há nada mais seguro, embora a dama de espadas "
                              "ainda não tenha saído."),
    "bot.hearts.lead.heart": "Comece com {card:the}: uma carta baixa de copas que os outros provavelmente vão superar.",
    "bot.hearts.lead.shed": ("Comece com {card:the}: todos ainda têm {suit}, então a vaza fica sem pontos; "
                             "livre-se de uma carta alta enquanto é seguro e guarde as baixas como saídas."),
    "bot.hearts.lead.safe": ("Comece com {card:the}: a saída mais segura, com pouca chance de ganhar "
                             "uma vaza com pontos."),
    "bot.hearts.lead.lowest.club": ("Comece com {card:the}: ninguém mais tem carta de paus mais baixa, "
                                    "então outro jogador ganha a vaza."),
    "bot.hearts.lead.lowest.diamond": ("Comece com {card:the}: ninguém mais tem carta de ouros mais baixa, "
                                       "então outro jogador ganha a vaza."),
    "bot.hearts.lead.lowest.heart": ("Comece com {card:the}: ninguém mais tem carta de copas mais baixa, "
                                     "então outro jogador ganha a vaza."),
    "bot.hearts.lead.lowest.spade": ("Comece com {card:the}: ninguém mais tem carta de espadas mais baixa, "
                                     "então outro jogador ganha a vaza."),
    "bot.hearts.moon.others_win": "Dê {total} a todos os outros: isso termina a partida e você vence.",
    "bot.hearts.moon.self_behind": ("Fique com -{total}: dar +{total} aos outros terminaria a partida "
                                    "com você atrás."),
    "bot.hearts.moon.self": "Fique com -{total}.",
    "bot.hearts.moon.others_lead": "Dê {total} a todos os outros: você está na frente, e isso aproxima o fim.",
    "bot.hearts.moon.self_behind_keep": "Fique com -{total}: você está atrás, então mantenha a partida em andamento.",
    "bot.hearts.easy.pass": "Passe {card:the}: uma carta alta.",
    "bot.hearts.easy.lead": "Comece com {card:the}: a carta mais baixa.",
    "bot.hearts.easy.duck": "Jogue por baixo com {card:the}.",
    "bot.hearts.easy.nothing_lower": "Jogue {card:the}: não há nada mais baixo.",
    "bot.hearts.easy.discard": "Descarte {card:the}.",
    "bot.hearts.easy.moon": "Dê os pontos aos outros.",
    "bot.spades.nil": "Nulo: nenhuma carta alta de {suit} e poucas cartas altas (risco {risk:.1f}).",
    "bot.spades.bid": "Aposte {bid}: a mão vale cerca de {tricks:.1f} vazas.",
    "bot.spades.bid.bags": ("Aposte {bid}: a mão vale cerca de {tricks:.1f} vazas; aposte perto disso "
                            "para evitar sacos."),
    "bot.spades.bid.safe": ("Aposte {bid}: a mão vale cerca de {tricks:.1f} vazas; aposte com segurança, "
                            "não cumprir custa mais do que uma vaza extra."),
    "bot.spades.bid.partner": ("Aposte {bid}: a mão vale cerca de {tricks:.1f} vazas, contando o lance {partner} "
                               "do parceiro."),
    "bot.spades.bid.partner.bags": ("Aposte {bid}: a mão vale cerca de {tricks:.1f} vazas, contando o lance "
                                    "{partner} do parceiro; aposte perto disso para evitar sacos."),
    "bot.spades.bid.partner.safe": ("Aposte {bid}: a mão vale cerca de {tricks:.1f} vazas, contando o lance "
                                    "{partner} do parceiro; aposte com segurança, não cumprir custa mais do que "
                                    "uma vaza extra."),
    "bot.spades.blind_nil": "Nulo às cegas: {behind} pontos atrás, e a partida está quase no fim.",
    "bot.spades.look": "Olhe suas cartas: nulo às cegas é uma aposta arriscada demais aqui.",
    "bot.spades.auction": "Aposte {bid} em {suit}: a mão vale {tricks:.1f} vazas com esse trunfo.",
    "bot.spades.auction.lowest": "O lance mais baixo que resta.",
    "bot.spades.draw.keep_card": "Fique com a carta.",
    "bot.spades.draw.keep": "Fique com {card:the}: é melhor que uma carta desconhecida média.",
    "bot.spades.draw.discard": "Descarte {card:the}: uma carta desconhecida vale mais, em média.",
    "bot.spades.why.my_nil": "você apostou nulo",
    "bot.spades.why.cover": "cubra o nulo do seu parceiro",
    "bot.spades.why.overtake": "o nulo do seu parceiro está ganhando esta vaza: passe por cima",
    "bot.spades.why.nil_winning": "{seat} apostou nulo e está ganhando esta vaza",
    "bot.spades.why.nil_after": "{seat} apostou nulo e joga depois de você",
    "bot.spades.why.need": {"one": "seu lado precisa de mais {n} vaza", "other": "seu lado precisa de mais {n} vazas"},
    "bot.spades.why.set": "mais uma ou duas vazas derrubam o lance dos adversários",
    "bot.spades.why.every": "cada vaza conta pontos",
    "bot.spades.why.bags": "o contrato está garantido, então evite sacos",
    "bot.spades.follow.under": "Jogue {card:the}, que perde para {best_card:the}: {why}.",
    "bot.spades.follow.every_wins": "Jogue {card:the}: qualquer carta ganha, {why}.",
    "bot.spades.follow.low": "Jogue baixo com {card:the}: {why}; faça-o ganhar a vaza.",
    "bot.spades.follow.cover": "Cubra com {card:the}: {why}, para que o parceiro possa jogar por baixo.",
    "bot.spades.follow.cannot_cover": "Jogue {card:the}: nada supera {best_card:the}.",
    "bot.spades.follow.partner_wins": ("Seu parceiro já ganha com {best_card:the}: jogue {card:the} "
                                       "e não passe por cima."),
    "bot.spades.follow.nothing_beats": "Jogue {card:the}: nenhuma carta sua supera {best_card:the}.",
    "bot.spades.follow.last": "Ganhe com {card:the}, a carta mais barata que leva a vaza: {why}.",
    "bot.spades.follow.hold": "Ganhe com {card:the}: essa carta deve segurar a vaza, {why}.",
    "bot.spades.follow.second_low": "Em segundo, jogue baixo com {card:the}: seu parceiro joga depois de você.",
    "bot.spades.follow.cheapest": "Jogue {card:the}, a carta mais barata que ganha por enquanto: {why}.",
    "bot.spades.lead.lose": "Comece com {card:the}, a carta com menos chance de ganhar: {why}.",
    "bot.spades.lead.nil_top": ("Comece com {card:the}, uma vencedora certa: o nulo do parceiro joga "
                                "por baixo dela."),
    "bot.spades.lead.nil_high": "Comece com {card:the}, uma carta alta: cubra o nulo do seu parceiro.",
    "bot.spades.lead.top_trump": "Comece com {card:the}, o trunfo mais alto: puxe os trunfos dos adversários ({why}).",
    "bot.spades.lead.low_trump": ("Comece com {card:the}, um trunfo baixo: puxe os trunfos dos adversários "
                                  "para garantir suas cartas vencedoras."),
    "bot.spades.lead.cash": "Garanta a vaza com {card:the}, a carta mais alta que resta em {suit}: {why}.",
    "bot.spades.lead.partner_void": "Comece com {card:the}: seu parceiro está sem {suit} e pode trunfar.",
    "bot.spades.lead.only_trumps": "Comece com {card:the}: só restam trunfos.",
    "bot.spades.lead.low": ("Comece com {card:the}, uma carta baixa de {suit}: guarde as cartas altas "
                            "para depois ({why})."),
    "bot.spades.easy.look": "Olhe suas cartas.",
    "bot.spades.easy.bid": "Aposte {bid}: ases e espadas altas.",
    "bot.spades.easy.lowest": "O lance mais baixo.",
    "bot.spades.easy.keep": "Fique com {card:the}.",
    "bot.spades.easy.discard": "Descarte-a.",
    "bot.spades.easy.lead": "Comece com {card:the}.",
    "bot.spades.easy.win": "Ganhe com {card:the}.",
    "bot.spades.easy.low": "Jogue baixo com {card:the}.",
    "bot.search.agrees": "{base_why} (A busca concorda, em {samples} distribuições simuladas.)",
    "bot.search.hearts": ("Jogue {card:the}: em {samples} distribuições simuladas, teve média de {mean:.1f} pontos, "
                          "contra {base_mean:.1f} com {base_card:the}."),
    "bot.search.spades": ("Jogue {card:the}: em {samples} distribuições simuladas, teve média de {mean:.1f} pontos "
                          "para o seu lado, contra {base_mean:.1f} com {base_card:the}."),
    "bot.search.bid": ("Aposte {bid}: em {samples} distribuições simuladas, teve média de {mean:.1f} pontos "
                       "para o seu lado, contra {base_mean:.1f} com um lance de {base_bid}."),
    "bot.search.bid_not_nil": ("Aposte {bid}: em {samples} distribuições simuladas, teve média de {mean:.1f} pontos "
                               "para o seu lado, contra {base_mean:.1f} com nulo."),
    "bot.search.nil": ("Aposte nulo: em {samples} distribuições simuladas, teve média de {mean:.1f} pontos "
                       "para o seu lado, contra {base_mean:.1f} com um lance de {base_bid}."),
    # Rule options: Spades
    "group.spades.sides": "Equipes",
    "opt.partnership": "Em duplas",
    "opt.partnership.help": "4 jogadores: você e Norte contra Oeste e Leste.",
    "group.spades.bidding": "Lances",
    "opt.nil": "Nulo",
    "opt.nil.help": "Um lance de 0 vazas: +100 se você não fizer nenhuma, senão -100.",
    "opt.blind_nil": "Nulo às cegas",
    "opt.blind_nil.help": "Nulo apostado antes de ver suas cartas: +200 ou -200.",
    "opt.blind_nil_behind": "Nulo às cegas só quando perdendo por",
    "opt.blind_nil_behind.help": ("Nulo às cegas só é permitido a um lado que esteja perdendo por esta quantidade "
                                  "de pontos (0 = sempre)."),
    "opt.auction": "Espadas com leilão",
    "opt.auction.help": "Cada lance indica um naipe de trunfo; o lance mais alto define o trunfo.",
    "group.spades.play": "Jogo",
    "opt.first_lead": "Primeira saída",
    "opt.first_lead.help": "Quem começa a primeira vaza de uma mão.",
    "opt.first_lead.left_of_dealer": "À esquerda de quem dá as cartas",
    "opt.first_lead.two_of_clubs": "O 2 de paus",
    "group.spades.scoring": "Pontuação",
    "opt.failed_contract": "Contrato não cumprido",
    "opt.failed_contract.help": "O que um lado marca quando faz menos vazas do que apostou.",
    "opt.failed_contract.minus_bid": "Perde 10 por vaza apostada",
    "opt.failed_contract.zero": "Marca 0",
    "opt.overtrick_points": "Pontos por vaza extra",
    "opt.overtrick_points.help": "Cada vaza além do lance vale isto (0 ou 1).",
    "opt.thirteen_double": "13 de 13 vale o dobro",
    "opt.thirteen_double.help": "Um lado que aposta as 13 vazas e faz todas marca o dobro.",
    "opt.thirteen_fail_bags": "Lance de 13 não cumprido soma 13 sacos",
    "opt.thirteen_fail_bags.help": "Um lance de todas as 13 vazas não cumprido também soma 13 sacos.",
    "group.spades.bags": "Sacos",
    "opt.bag_limit": "Limite de sacos",
    "opt.bag_limit.help": ("Cada vez que se junta este número de vazas extras (sacos), paga-se a penalidade "
                           "(0 = desativado)."),
    "opt.bag_penalty": "Penalidade por sacos",
    "opt.bag_penalty.help": "Pontos perdidos cada vez que o limite de sacos é atingido.",
    "group.spades.end_of_the_game": "Fim da partida",
    "opt.mercy": "Placar de misericórdia",
    "opt.mercy.help": "Um lado com esta pontuação ou menos perde na hora (0 = desativado).",
    "target.help.spades": "A partida termina depois de uma mão em que um lado atinge esta pontuação; vence a maior.",
    # Rule options: Hearts
    "group.hearts.deal": "Distribuição",
    "opt.odd_cards": "Distribuição desigual",
    "opt.odd_cards.help": "Quando o baralho não se divide igualmente entre os jogadores.",
    "opt.odd_cards.double_first": "Distribuir todas; as cartas extras jogam duas vezes na vaza 1",
    "opt.odd_cards.remove": "Tirar cartas baixas para que as mãos fiquem iguais",
    "group.hearts.passing": "Passe",
    "opt.pass_count": "Cartas a passar",
    "opt.pass_count.help": "Cartas que cada jogador passa antes do jogo (0 = sem passe).",
    "opt.pass_cycle": "Direções do passe",
    "opt.pass_cycle.help": "As direções em que as cartas são passadas, mão após mão.",
    "opt.pass_cycle.usual": "A de costume para o número de jogadores",
    "opt.pass_cycle.left,across,right,hold": "Esquerda, frente, direita, sem passe (4 jogadores)",
    "opt.pass_cycle.left,right,across,hold": "Esquerda, direita, frente, sem passe (4 jogadores)",
    "opt.pass_cycle.left,right,hold": "Esquerda, direita, sem passe",
    "opt.pass_cycle.left,right": "Esquerda, direita",
    "opt.pass_cycle.left": "Sempre para a esquerda",
    "opt.pass_cycle.right": "Sempre para a direita",
    "opt.pass_cycle.across": "Sempre para a frente (4 jogadores)",
    "group.hearts.play": "Jogo",
    "opt.hearts_broken": "Copas quebradas",
    "opt.hearts_broken.help": "Quando se pode começar uma vaza com copas ou descartar copas.",
    "opt.hearts_broken.lead": "Não começar com copas até que uma carta de copas seja jogada",
    "opt.hearts_broken.discard": "Não descartar copas até que uma vaza comece com copas",
    "opt.hearts_broken.none": "Copas a qualquer momento",
    "opt.no_points_first_trick": "Sem pontos na primeira vaza",
    "opt.no_points_first_trick.help": ("Nenhuma carta de copas nem a dama de espadas na primeira vaza, "
                                       "a menos que não haja outra opção."),
    "opt.queen_breaks_hearts": "A dama quebra copas",
    "opt.queen_breaks_hearts.help": "Jogar a dama de espadas também quebra copas.",
    "group.hearts.scoring": "Pontuação",
    "opt.moon": "Atirar na lua",
    "opt.moon.help": "Levar todas as copas e a dama de espadas.",
    "opt.moon.others_26": "Todos os outros recebem 26",
    "opt.moon.choose": "Quem atirou escolhe: os outros +26 ou ele mesmo -26",
    "opt.jack_of_diamonds": "Valete de ouros -10",
    "opt.jack_of_diamonds.help": "Quem levar o valete de ouros marca -10 (Omnibus).",
    "target.help.hearts": "A partida termina quando um jogador atinge esta pontuação; vence a menor.",
    # Presets
    "preset.spades.classic": "Clássico",
    "preset.spades.classic.note": "4 jogadores, cada um por si, lances de 1 a 13, até 500.",
    "preset.spades.lenient": "Tolerante",
    "preset.spades.lenient.note": "Como o clássico, mas um contrato não cumprido marca 0.",
    "preset.spades.partnership": "Em duplas",
    "preset.spades.partnership.note": "2 contra 2, nulo e nulo às cegas, 10 sacos custam 100, até 500.",
    "preset.spades.cutthroat": "Cada um por si",
    "preset.spades.cutthroat.note": "Como em duplas, mas cada jogador por si.",
    "preset.hearts.classic": "Clássico",
    "preset.hearts.classic.note": ("Passe de 3 cartas, não se começa com copas antes de serem quebradas, "
                                   "a lua dá 26 aos outros."),
    "preset.hearts.standard": "Padrão",
    "preset.hearts.standard.note": "O clássico, mais nada de pontos na primeira vaza.",
    "preset.hearts.omnibus": "Omnibus",
    "preset.hearts.omnibus.note": "O padrão, mais o valete de ouros valendo -10.",
    # Computer players
    "level.random.long": "Aleatório (qualquer carta válida)",
    "level.easy.long": "Fácil",
    "level.normal.long": "Normal",
    "level.hard.long": "Difícil (pensa mais)",
    # The reasons for a claim (game/claim.py)
    "claim.r.not_playing": "Você só pode reivindicar enquanto as cartas estão sendo jogadas.",
    "claim.r.not_your_turn": "Não é a sua vez: reivindique quando for.",
    "claim.r.takes_this_trick": "{seat} leva esta vaza com {card:the}.",
    "claim.r.can_win": "{seat} ainda pode ganhar uma vaza com {card:the}.",
    "claim.r.cannot_beat": "Você não pode levar esta vaza: nada que você pode jogar vence {card:the}.",
    "claim.r.not_certain": "Pelo que você vê, o resto não é certo: outro jogador ainda pode ganhar uma vaza.",
    "claim.r.all_highest_suit": ("Você leva todas as vazas restantes: suas cartas de {suit} são as mais altas "
                                 "que restam."),
    "claim.r.all_highest": "Você leva todas as vazas restantes: suas cartas são as mais altas que restam.",
    "claim.r.all": "Você leva todas as vazas restantes, não importa o que os outros joguem.",
    "claim.r.side_highest_suit": ("Seu lado leva todas as vazas restantes: suas cartas de {suit} são as mais altas "
                                  "que restam."),
    "claim.r.side_highest": "Seu lado leva todas as vazas restantes: suas cartas são as mais altas que restam.",
    "claim.r.side_all": "Seu lado leva todas as vazas restantes, não importa o que os outros joguem.",
    # Por que uma partida salva ou um histórico de mão é recusado (game/save_messages.py)
    "save.not_utf8": "{what} não é texto UTF-8.",
    "save.custom_deal": ("Uma partida com mãos montadas à mão não pode ser salva: suas distribuições não vêm "
                         "da sua semente."),
    "save.not_object": "A partida salva deve ser um objeto JSON.",
    "save.no_format": "A partida salva não tem o campo 'format': não é um jogo salvo do Baza.",
    "save.other_format": "Os dados salvos são do tipo {found}, não uma partida do Baza.",
    "save.no_schema": "A partida salva não tem uma versão de esquema válida.",
    "save.newer": "A partida salva vem de uma versão mais nova do jogo (esquema {schema}; esta lê o {reads}).",
    "save.missing": "A partida salva não tem o campo {field}.",
    "save.unknown_fields": "A partida salva tem campos desconhecidos: {fields}.",
    "save.seed": "A semente da partida salva deve ser um número ou um texto.",
    "save.rules": "As regras salvas não são válidas: {reason}",
    "save.actions_list": "As ações salvas devem ser uma lista.",
    "save.replay": "A ação salva {number} ({action}) não pode ser refeita: {reason}",
    "save.check_object": "O bloco de verificação salvo deve ser um objeto.",
    "save.check_unknown": "O bloco de verificação salvo tem um campo desconhecido {field}.",
    "save.check_differs": ("O valor salvo de “{field}” não corresponde à partida refeita "
                           "(salvo {saved}, refeito {replayed})."),
    "save.at": "{where}: {reason}",
    "save.check.phase": "fase", "save.check.to_act": "vez", "save.check.hand_number": "número da mão",
    "save.check.dealer": "quem dá as cartas", "save.check.hands": "mãos", "save.check.scores": "pontuações",
    "save.check.bags": "sacos",
}
