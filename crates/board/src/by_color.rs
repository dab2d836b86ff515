//! [`ByColor`]: one value per side, indexed by [`Color`], in the manner of shakmaty's
//! `ByColor`. A Gomoku engine keeps many per-side figures (evaluation sums, gains, counts);
//! naming the side instead of writing `[i64; 2]` and `color.index()` keeps Black's and
//! White's slots from being swapped by accident.
//!
//! The values live in a `[T; 2]` in [`Color::index`] order, so `by_color[color]` is the
//! same single array access as `array[color.index()]`: hot paths lose nothing by using it.

use crate::Color;
use std::ops::{Index, IndexMut};

/// One value for Black and one for White.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    values: [T; 2],
}

impl<T> ByColor<T> {
    /// The pair from Black's value and White's value.
    #[inline]
    pub const fn new(black: T, white: T) -> ByColor<T> {
        ByColor {
            values: [black, white],
        }
    }

    /// The pair whose value for each colour is `f(colour)`, Black's computed first.
    #[inline]
    pub fn from_fn(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor::new(f(Color::Black), f(Color::White))
    }

    /// Black's value.
    #[inline]
    pub const fn black(&self) -> &T {
        &self.values[0]
    }

    /// White's value.
    #[inline]
    pub const fn white(&self) -> &T {
        &self.values[1]
    }

    /// Applies `f` to both values, Black's first.
    #[inline]
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            values: self.values.map(f),
        }
    }

    /// The colours with their values, Black first.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        [Color::Black, Color::White].into_iter().zip(&self.values)
    }

    /// The colours with mutable references to their values, Black first.
    #[inline]
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Color, &mut T)> {
        [Color::Black, Color::White]
            .into_iter()
            .zip(&mut self.values)
    }

    /// The values as `[Black's, White's]`.
    #[inline]
    pub fn into_array(self) -> [T; 2] {
        self.values
    }
}

impl<T> From<[T; 2]> for ByColor<T> {
    /// Reads `[Black's, White's]`.
    #[inline]
    fn from(values: [T; 2]) -> ByColor<T> {
        ByColor { values }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;

    #[inline]
    fn index(&self, color: Color) -> &T {
        &self.values[color.index()]
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        &mut self.values[color.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::ByColor;
    use crate::Color;

    #[test]
    fn indexes_by_colour_in_index_order() {
        let mut v = ByColor::new(1, 2);
        assert_eq!((v[Color::Black], v[Color::White]), (1, 2));
        v[Color::White] += 10;
        assert_eq!(v.into_array(), [1, 12]);
        assert_eq!(ByColor::from([3, 4]), ByColor::new(3, 4));
        assert_eq!(ByColor::from_fn(|c| c.index()), ByColor::new(0, 1));
        assert_eq!(v.map(|x| x * 2), ByColor::new(2, 24));
        let seen: Vec<_> = v.iter().map(|(c, &x)| (c, x)).collect();
        assert_eq!(seen, [(Color::Black, 1), (Color::White, 12)]);
        v.iter_mut().for_each(|(_, x)| *x = 0);
        assert_eq!(v, ByColor::default());
        assert_eq!((*v.black(), *v.white()), (0, 0));
    }
}
