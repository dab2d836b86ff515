//! The symmetries of the board: the dihedral group of the square (8 elements) or, for a
//! rectangle, the 4 that map it onto itself. Used to deduplicate openings and to test that
//! search and evaluation do not care how a position is turned.

use crate::{Geometry, Pos};

/// A rotation or reflection, as a 2x2 matrix with entries in {-1, 0, 1} acting on coordinates
/// measured from the board centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves every point in place.
    Identity,
    /// Quarter turn clockwise (on screen, y grows downwards).
    Rotate90,
    /// Half turn.
    Rotate180,
    /// Three quarter turns clockwise.
    Rotate270,
    /// Mirror left-right: x -> width-1-x.
    FlipX,
    /// Mirror top-bottom: y -> height-1-y.
    FlipY,
    /// Swap x and y (main diagonal).
    Transpose,
    /// Reflect in the anti-diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight symmetries of a square.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipX,
        Symmetry::FlipY,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The symmetries that map a board of this shape onto itself: 8 for a square, 4 otherwise.
    pub fn of(geometry: Geometry) -> &'static [Symmetry] {
        if geometry.width == geometry.height {
            &Self::ALL
        } else {
            &RECT
        }
    }

    /// The matrix `[a, b, c, d]` mapping centred `(X, Y)` to `(aX + bY, cX + dY)`.
    const fn matrix(self) -> [i32; 4] {
        match self {
            Symmetry::Identity => [1, 0, 0, 1],
            Symmetry::Rotate90 => [0, -1, 1, 0],
            Symmetry::Rotate180 => [-1, 0, 0, -1],
            Symmetry::Rotate270 => [0, 1, -1, 0],
            Symmetry::FlipX => [-1, 0, 0, 1],
            Symmetry::FlipY => [1, 0, 0, -1],
            Symmetry::Transpose => [0, 1, 1, 0],
            Symmetry::AntiTranspose => [0, -1, -1, 0],
        }
    }

    fn from_matrix(m: [i32; 4]) -> Symmetry {
        *Self::ALL
            .iter()
            .find(|s| s.matrix() == m)
            .expect("the dihedral group is closed")
    }

    /// Whether this symmetry maps a board of this shape onto itself.
    pub fn fits(self, geometry: Geometry) -> bool {
        geometry.width == geometry.height || self.matrix()[1] == 0
    }

    /// The image of a point. The symmetry must fit the board (see [`Symmetry::fits`]).
    pub fn apply(self, pos: Pos, geometry: Geometry) -> Pos {
        debug_assert!(self.fits(geometry));
        let (w, h) = (geometry.width as i32, geometry.height as i32);
        // Doubled centred coordinates keep the centre of an even board integral.
        let (cx, cy) = (2 * pos.x as i32 - (w - 1), 2 * pos.y as i32 - (h - 1));
        let [a, b, c, d] = self.matrix();
        let (nx, ny) = (a * cx + b * cy, c * cx + d * cy);
        Pos::new(((nx + w - 1) / 2) as u8, ((ny + h - 1) / 2) as u8)
    }

    /// The symmetry that applies `self` first and then `then`.
    pub fn then(self, then: Symmetry) -> Symmetry {
        let [a, b, c, d] = self.matrix();
        let [e, f, g, h] = then.matrix();
        Symmetry::from_matrix([e * a + f * c, e * b + f * d, g * a + h * c, g * b + h * d])
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        *Self::ALL
            .iter()
            .find(|s| self.then(**s) == Symmetry::Identity)
            .expect("every element has an inverse")
    }

    /// A short lowercase name, as used in configs.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate270 => "rotate270",
            Symmetry::FlipX => "flip_x",
            Symmetry::FlipY => "flip_y",
            Symmetry::Transpose => "transpose",
            Symmetry::AntiTranspose => "anti_transpose",
        }
    }
}

static RECT: [Symmetry; 4] = [
    Symmetry::Identity,
    Symmetry::Rotate180,
    Symmetry::FlipX,
    Symmetry::FlipY,
];
