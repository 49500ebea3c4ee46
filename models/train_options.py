"""The options of models/train.py (`/usr/bin/python3 models/train.py --help`). Most are trials'
switches, each saying what it tried; models/train.sh passes those `npm run train` sets."""

import argparse


def parse():
    p = argparse.ArgumentParser()
    p.add_argument('--data', default='.cache/dice-data')
    p.add_argument('--det-epochs', type=int, default=100)
    p.add_argument('--cls-epochs', type=int, default=26)
    p.add_argument('--threads', type=int, default=1)
    p.add_argument('--cls-max-lr', type=float, default=4e-3)
    p.add_argument('--seed', type=int, default=1)
    p.add_argument('--negatives', type=float, default=0, help='share of each classifier batch replaced by '
                   'procedural printed-table crops labelled not a die (models/negatives.py)')
    p.add_argument('--cls-init', help='a folder with classifier.weights.f32 and .shapes.json (a finished run), or an exported reader\'s folder: train on from those '
                   'weights (batch norm already folded in, so none is used) instead of from scratch')
    p.add_argument('--det-init', help='a folder with detector.weights.f32 and .shapes.json, or an exported reader\'s folder: fine-tune those weights (batch norm '
                   'folded in, so none is used) instead of training from scratch')
    p.add_argument('--det-teacher', help='a finished detector (save()\'s files or an exported reader\'s folder) the detector '
                   'learns from besides the labels (knowledge distillation: a trial of a smaller detector that answers as '
                   'the larger one does, so the classifier trained behind the larger one still fits its boxes)')
    p.add_argument('--distill', type=float, default=1.0, help='with --det-teacher: the weight of the teacher\'s loss beside '
                   'the labels\' (its die-centre scores by a quality focal loss, Li et al. 2020, and its offsets and sizes '
                   'where it sees a die)')
    p.add_argument('--cls-filters', help='the widths of the classifier convs, comma-separated (a trial of speed; default those '
                   'of vision/classify/nets.ts times --cls-width); models/export.ts takes them from the weights')
    p.add_argument('--cls-teacher', help='finished classifiers (save()\'s files or exported readers\' folders, comma-separated: '
                   'their answers averaged) the classifier learns from besides the labels (knowledge distillation, Hinton et '
                   'al. 2015: a trial of a smaller classifier whose die-ness keeps the larger one\'s calibration, or of one '
                   'classifier that answers as several seeds together)')
    p.add_argument('--cls-distill', type=float, default=0.7, help='with --cls-teacher: the share of the loss that is the teacher\'s '
                   '(KL divergence at temperature 2); the rest is the labels\'')
    p.add_argument('--invert', type=float, default=0, help='share of classifier crops shown inverted (a white die '
                   'with black pips becomes a black one with white pips on a dark table), with saturation jitter')
    p.add_argument('--recolour', type=float, default=0, help='share of die crops whose body and pips are '
                   'painted new colours (shading kept): real dice geometry in bodies the photos lack')
    p.add_argument('--recolour-all', action='store_true', help='--recolour paints "not a die" crops too, '
                   'so that a painted colour says nothing about the class')
    p.add_argument('--grey', type=float, default=0.15, help='share of crops and tiles made grey by the colour changes (greyscale '
                   'cameras; a trial of how grey crops teach dice whose pips differ from the body in hue only)')
    p.add_argument('--det-max-lr', type=float, default=3e-3)
    p.add_argument('--cls-width', type=float, default=1, help='each classifier conv this many times as wide (a trial of '
                   'capacity; models/export.ts takes the widths from the weights, read() from the model file)')
    p.add_argument('--det-filters', help='the widths of the detector convs before its output, comma-separated (a trial '
                   'of speed; default those of vision/classify/nets.ts); models/export.ts takes them from the weights')
    p.add_argument('--det-separable', action='store_true', help='the detector convs after the first depthwise-separable '
                   '(a trial of speed: a k x k filter per channel, then a 1 x 1 conv)')
    p.add_argument('--det-separable-from', type=int, default=1, help='with --det-separable: the first conv made separable, '
                   'counted from 0; the convs before it stay full (at 320 x 240 d4-d7 separable take 0.76 of the full '
                   'detector\'s time, d2-d7 0.64: bench/net-speed.ts)')
    p.add_argument('--ema', type=float, default=0, help='save the classifier as an exponential moving average of its '
                   'weights and batch-norm statistics over the training steps with this decay (e.g. 0.999; 0: the last '
                   'step\'s weights): a trial of whether an averaged network\'s die-ness moves less from run to run')
    p.add_argument('--mixup', type=float, default=0, help='mixup (Zhang et al. 2018) with this Beta(a, a): each classifier '
                   'batch blended with itself shuffled, the loss blended alike (a trial of smoother die-ness on new tables; 0: off)')
    p.add_argument('--val', help='a make-data output of held-out photos: classifier accuracy on it after each epoch')
    return p.parse_args()
